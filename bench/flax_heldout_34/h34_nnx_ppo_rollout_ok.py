# label: ok
# flax-error: none
# class: 3 make_rollout splits a policy holding nnx.Rngs; its raw lax.scan body rebuilds the policy with nnx.merge(graphdef, state, copy=True) from the state it carries and returns nnx.state(pi)
import jax
import jax.numpy as jnp
import flax.nnx as nnx


class GaussianPolicy(nnx.Module):
    def __init__(self, obs_dim, act_dim, rngs: nnx.Rngs):
        self.torso = nnx.Linear(obs_dim, 16, rngs=rngs)
        self.mu = nnx.Linear(16, act_dim, rngs=rngs)
        self.log_std = nnx.Param(jnp.full((act_dim,), -0.5))
        self.rngs = rngs

    def act(self, obs):
        mu = self.mu(nnx.tanh(self.torso(obs)))
        eps = jax.random.normal(self.rngs.action(), mu.shape)
        return mu + jnp.exp(self.log_std[...]) * eps, eps


def pendulum_step(obs, action):
    return jnp.tanh(obs + 0.05 * jnp.concatenate([action, -action, action], axis=-1))


def make_rollout(policy, horizon):
    graphdef, state = nnx.split(policy)

    def rollout(obs0):
        def env_step(carry, _):
            obs, state = carry
            pi = nnx.merge(graphdef, state, copy=True)
            action, eps = pi.act(obs)
            return (pendulum_step(obs, action), nnx.state(pi)), eps

        return jax.lax.scan(env_step, (obs0, state), None, length=horizon)

    return rollout


def main():
    policy = GaussianPolicy(3, 1, nnx.Rngs(params=0, action=1))
    rollout = jax.jit(make_rollout(policy, horizon=6))
    _, eps = rollout(jnp.zeros((2, 3)))
    return eps
