# label: same-values
# flax-error: none
# class: 4 make_explore(agent, ...) draws one key from agent.rngs before the loop; the scan body hands it to agent.perturb(), which draws noise from it each step
import jax
import jax.numpy as jnp
from flax import nnx


class Explorer(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.policy = nnx.Linear(3, 2, rngs=rngs)
        self.rngs = rngs

    def perturb(self, obs, key):
        action = self.policy(obs)
        return action + 0.1 * jax.random.normal(key, action.shape)


def make_explore(agent, horizon):
    noise_key = agent.rngs.explore()

    def step(obs, _):
        action = agent.perturb(obs, noise_key)
        return obs * 0.9, action

    def explore(obs):
        return jax.lax.scan(step, obs, None, length=horizon)

    return explore


def main():
    agent = Explorer(nnx.Rngs(params=0, explore=1))
    explore = make_explore(agent, 4)
    _, actions = explore(jnp.zeros(3))
    return actions
