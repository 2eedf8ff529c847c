# label: trace-context
# flax-error: TraceContextError: Cannot mutate Param from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 3 plain Agent object holds online and target networks; agent.soft_update() writes target params inside the fori_loop body
import jax
import jax.numpy as jnp
from flax import nnx


class QNet(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.l1 = nnx.Linear(4, 32, rngs=rngs)
        self.l2 = nnx.Linear(32, 2, rngs=rngs)

    def __call__(self, x):
        return self.l2(nnx.relu(self.l1(x)))


class Agent:
    def __init__(self, seed, tau=0.05):
        self.online = QNet(nnx.Rngs(seed))
        self.target = QNet(nnx.Rngs(seed + 1))
        self.tau = tau

    def soft_update(self):
        online = nnx.state(self.online, nnx.Param)
        target = nnx.state(self.target, nnx.Param)
        mixed = jax.tree.map(lambda o, t: self.tau * o + (1 - self.tau) * t, online, target)
        nnx.update(self.target, mixed)

    def target_values(self, obs):
        return self.target(obs).max(-1)


def main():
    agent = Agent(seed=0)
    obs = jnp.ones((5, 4))

    def body(i, acc):
        agent.soft_update()
        return acc + agent.target_values(obs).mean()

    jax.lax.fori_loop(0, 10, body, 0.0)
    return None
