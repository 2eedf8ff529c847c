# label: trace-context
# flax-error: TraceContextError: Cannot mutate Param from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 2 the online and target Q-networks are attributes of self, updated from a fori_loop body in a method
import jax
import jax.numpy as jnp
import optax
from flax import nnx


class QNet(nnx.Module):
    def __init__(self, obs_dim, n_actions, rngs):
        self.body = nnx.Linear(obs_dim, 32, rngs=rngs)
        self.out = nnx.Linear(32, n_actions, rngs=rngs)

    def __call__(self, obs):
        return self.out(nnx.tanh(self.body(obs)))


class DQNAgent:
    def __init__(self, obs_dim, n_actions, tau=0.05, seed=0):
        rngs = nnx.Rngs(seed)
        self.q = QNet(obs_dim, n_actions, rngs)
        self.target = QNet(obs_dim, n_actions, rngs)
        self.tau = tau

    def sync_targets(self, n_updates):
        def polyak(i, carry):
            online = nnx.state(self.q, nnx.Param)
            target = nnx.state(self.target, nnx.Param)
            mixed = jax.tree.map(lambda o, t: self.tau * o + (1 - self.tau) * t, online, target)
            nnx.update(self.target, mixed)
            return carry + 1
        return jax.lax.fori_loop(0, n_updates, polyak, 0)


def main():
    agent = DQNAgent(obs_dim=4, n_actions=2)
    agent.sync_targets(10)
    q = agent.target(jnp.ones((1, 4)))
    print(q)
    return None
