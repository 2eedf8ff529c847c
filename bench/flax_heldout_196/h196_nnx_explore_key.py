# label: same-values
# flax-error: none
# class: 3 the fori_loop body draws exploration noise from policy.key, a key stored once as an attribute of the Policy module
"""A rollout of a Gaussian-exploration policy (NNX) in a toy linear system with jax.lax.fori_loop.

Modelled on RL questions where the exploration noise key is drawn once in the module's
constructor and then used in every step of the rollout.
"""
import jax
import jax.numpy as jnp
from flax import nnx
from jax.lax import fori_loop


class Policy(nnx.Module):
    def __init__(self, obs_dim, act_dim, rngs: nnx.Rngs, sigma=0.3):
        self.mu = nnx.Linear(obs_dim, act_dim, rngs=rngs)
        self.sigma = sigma
        self.key = rngs.explore()

    def __call__(self, obs):
        return jnp.tanh(self.mu(obs))


def rollout(policy, obs0, horizon=8):
    A = 0.9 * jnp.eye(obs0.shape[-1])
    B = jnp.ones((policy.mu.out_features, obs0.shape[-1])) * 0.1
    noises = jnp.zeros((horizon, policy.mu.out_features))

    def body(t, carry):
        obs, noises = carry
        noise = policy.sigma * jax.random.normal(policy.key, (policy.mu.out_features,))
        action = policy(obs) + noise
        obs = obs @ A + action @ B
        return obs, noises.at[t].set(noise)

    obs, noises = fori_loop(0, horizon, body, (obs0, noises))
    return noises


def main():
    policy = Policy(4, 2, rngs=nnx.Rngs(params=0, explore=1))
    obs0 = jnp.ones((4,))
    return rollout(policy, obs0)


if __name__ == "__main__":
    print(main())
