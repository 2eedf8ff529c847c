# label: trace-context
# flax-error: TraceContextError: Cannot mutate Param from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 2 a plain (non-Module) agent holds the online and target NNX layers; a fori_loop body in its method calls `nnx.update(self.target, ...)`
import jax
from flax import nnx

class DQNAgent:
    def __init__(self, tau=0.05):
        rngs = nnx.Rngs(0)
        self.q = nnx.Linear(4, 2, rngs=rngs)
        self.target = nnx.Linear(4, 2, rngs=rngs)
        self.tau = tau

    def sync(self, n):
        def polyak(i, carry):
            online = nnx.state(self.q, nnx.Param)
            target = nnx.state(self.target, nnx.Param)
            mixed = jax.tree.map(lambda o, t: self.tau * o + (1 - self.tau) * t, online, target)
            nnx.update(self.target, mixed)
            return carry + 1
        return jax.lax.fori_loop(0, n, polyak, 0)


def main():
    agent = DQNAgent()
    agent.sync(3)
