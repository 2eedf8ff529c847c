# label: trace-context
# flax-error: TraceContextError: Cannot mutate RngCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 3 a lax.cond in the scan body takes bound methods of the outside agent as branches; `explore` draws from the agent's stored nnx.Rngs
import jax
import jax.numpy as jnp
from flax import nnx

class EpsGreedyAgent(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.q = nnx.Linear(3, 4, rngs=rngs)
        self.rngs = rngs

    def explore(self, obs):
        return jax.random.randint(self.rngs.explore(), (), 0, 4)

    def exploit(self, obs):
        return jnp.argmax(self.q(obs))

def collect(agent, obs_seq):
    def body(carry, obs):
        a = jax.lax.cond(jnp.sum(obs) > 1.0, agent.explore, agent.exploit, obs)
        return carry + 1, a
    return jax.lax.scan(body, 0, obs_seq)

def main():
    collect(EpsGreedyAgent(nnx.Rngs(params=0, explore=1)), jnp.ones((12, 3)))
