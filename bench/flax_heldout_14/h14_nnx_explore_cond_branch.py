# label: trace-context
# flax-error: TraceContextError: Cannot mutate RngCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 3 the exploration branch of a lax.cond in the raw scan body draws from the agent's nnx.Rngs
import jax
import jax.numpy as jnp
from flax import nnx


class EpsGreedyAgent(nnx.Module):
    def __init__(self, obs_dim, n_actions, eps, rngs: nnx.Rngs):
        self.q = nnx.Linear(obs_dim, n_actions, rngs=rngs)
        self.n_actions = n_actions
        self.eps = eps
        self.rngs = rngs

    def explore(self, obs):
        return jax.random.randint(self.rngs.explore(), (), 0, self.n_actions)

    def exploit(self, obs):
        return jnp.argmax(self.q(obs))


def collect(agent, obs_seq):
    def body(carry, obs):
        coin = jnp.sum(obs) % 1.0 < agent.eps
        a = jax.lax.cond(coin, agent.explore, agent.exploit, obs)
        return carry + 1, a

    return jax.lax.scan(body, 0, obs_seq)


def main():
    agent = EpsGreedyAgent(3, 4, 0.2, nnx.Rngs(params=0, explore=1))
    obs_seq = jax.random.uniform(jax.random.key(2), (12, 3))
    n, actions = collect(agent, obs_seq)
    return None
