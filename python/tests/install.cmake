# The python.install test: `cmake --install` of the python component into a fresh prefix, then
# Debian's interpreter imports switchcards from there (not from the build tree) and plays.
# Arguments: BUILD_DIR, PREFIX, PACKAGE_DIR (relative to PREFIX), PYTHON.
file(REMOVE_RECURSE "${PREFIX}")
execute_process(COMMAND "${CMAKE_COMMAND}" --install "${BUILD_DIR}" --prefix "${PREFIX}"
                        --component python
                RESULT_VARIABLE status)
if(NOT status EQUAL 0)
  message(FATAL_ERROR "cmake --install --component python failed")
endif()
set(check [=[
import os, sys
import switchcards
from switchcards.env import SwitchcardsEnv
expected = os.path.realpath(sys.argv[1])
assert os.path.realpath(switchcards.__file__).startswith(expected), switchcards.__file__
assert "british" in switchcards.builtin_variant_names()
env = SwitchcardsEnv("british")
env.reset(seed=1)
for agent in env.agent_iter(100000):
    obs, reward, term, trunc, info = env.last()
    env.step(None if term or trunc else env.sample_action())
print("installed at", switchcards.__file__)
]=])
execute_process(COMMAND "${CMAKE_COMMAND}" -E env "PYTHONPATH=${PREFIX}/${PACKAGE_DIR}"
                        "${PYTHON}" -s -c "${check}" "${PREFIX}/${PACKAGE_DIR}"
                WORKING_DIRECTORY "${PREFIX}" RESULT_VARIABLE status)
if(NOT status EQUAL 0)
  message(FATAL_ERROR "the installed package does not import and play")
endif()
