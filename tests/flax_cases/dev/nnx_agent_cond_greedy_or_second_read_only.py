# label: ok
# flax-error: none
# class: 3 a lax.cond in the scan body takes bound methods of the outside agent as branches; both only read its nnx.Linear
import jax
import jax.numpy as jnp
from flax import nnx

class Agent(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.q = nnx.Linear(3, 4, rngs=rngs)

    def greedy(self, obs):
        return jnp.argmax(self.q(obs))

    def second(self, obs):
        return jnp.argsort(self.q(obs))[-2]

def collect(agent, obs_seq):
    def body(carry, obs):
        a = jax.lax.cond(jnp.sum(obs) > 1.0, agent.greedy, agent.second, obs)
        return carry + 1, a
    return jax.lax.scan(body, 0, obs_seq)

def main():
    collect(Agent(nnx.Rngs(0)), jnp.ones((12, 3)))
