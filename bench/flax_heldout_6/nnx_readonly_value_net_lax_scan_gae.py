# label: ok
# flax-error: none
# class: 2 a value network only read (no Variable written, no rngs drawn) inside a raw lax.scan computing GAE advantages
import jax
import jax.numpy as jnp
from flax import nnx


class Critic(nnx.Module):
    def __init__(self, obs_dim, rngs):
        self.l1 = nnx.Linear(obs_dim, 32, rngs=rngs)
        self.l2 = nnx.Linear(32, 1, rngs=rngs)

    def __call__(self, obs):
        return self.l2(jnp.tanh(self.l1(obs)))[..., 0]


def gae(critic, obs, rewards, dones, gamma=0.99, lam=0.95):
    values = critic(obs)
    last_value = critic(obs[-1])

    def body(carry, t):
        adv, next_value = carry
        r, d, v = t
        delta = r + gamma * next_value * (1 - d) - v
        adv = delta + gamma * lam * (1 - d) * adv
        return (adv, v), adv

    _, advs = jax.lax.scan(body, (jnp.zeros(()), last_value), (rewards, dones, values), reverse=True)
    return advs


def main():
    critic = Critic(5, nnx.Rngs(0))
    obs = jax.random.normal(jax.random.key(0), (8, 5))
    rewards = jnp.ones(8)
    dones = jnp.zeros(8).at[4].set(1.0)
    advs = gae(critic, obs, rewards, dones)
    advs.block_until_ready()
    return None
