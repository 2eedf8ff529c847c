# label: same-values
# flax-error: none
# class: 5 make_sampler, a factory, draws one key from the nnx.Rngs and returns a fori_loop body closing over it and the policy
"""Stochastic policy rollout: sample a Gaussian action at each step of a fixed-length episode."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx


class GaussianPolicy(nnx.Module):
    def __init__(self, obs_dim, act_dim, rngs: nnx.Rngs):
        self.body = nnx.Linear(obs_dim, 32, rngs=rngs)
        self.mu = nnx.Linear(32, act_dim, rngs=rngs)
        self.log_std = nnx.Param(jnp.full((act_dim,), -0.5))

    def __call__(self, obs):
        h = nnx.tanh(self.body(obs))
        return self.mu(h), jnp.exp(self.log_std[...])


def make_sampler(policy, rngs):
    key = rngs.action()

    def rollout_step(t, carry):
        obs, actions = carry
        mu, std = policy(obs)
        eps = jax.random.normal(key, mu.shape)
        action = mu + std * eps
        obs = 0.9 * obs + 0.1 * jnp.tanh(action).sum()
        return obs, actions.at[t].set(eps)

    return rollout_step


def main():
    policy = GaussianPolicy(4, 2, nnx.Rngs(0))
    step = make_sampler(policy, nnx.Rngs(action=3))
    init = (jnp.zeros((4,)), jnp.zeros((10, 2)))
    _, eps = jax.lax.fori_loop(0, 10, step, init)
    print(eps[:3])
    return eps


if __name__ == "__main__":
    main()
