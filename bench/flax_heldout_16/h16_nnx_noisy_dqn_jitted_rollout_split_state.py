# label: same-values
# flax-error: none
# class: 4 a factory builds a jitted rollout whose scan carries the split policy state; an act() helper merges it and the NoisyLinear head draws from its nnx.Rngs
"""NoisyNet DQN: exploration through factorised parameter noise in the Q-head (NNX)."""
import dataclasses

import jax
import jax.numpy as jnp
from flax import nnx


@dataclasses.dataclass(frozen=True)
class NoisyConfig:
    obs_dim: int = 4
    hidden: int = 16
    num_actions: int = 3
    sigma0: float = 0.5
    horizon: int = 5


def scaled_noise(x):
    return jnp.sign(x) * jnp.sqrt(jnp.abs(x))


class NoisyLinear(nnx.Module):
    def __init__(self, d_in, d_out, sigma0, *, rngs, noise_rngs):
        self.mu = nnx.Linear(d_in, d_out, rngs=rngs)
        self.sigma_w = nnx.Param(jnp.full((d_in, d_out), sigma0 / jnp.sqrt(d_in)))
        self.sigma_b = nnx.Param(jnp.full((d_out,), sigma0 / jnp.sqrt(d_in)))
        self.noise_rngs = noise_rngs

    def __call__(self, x):
        k_in, k_out = jax.random.split(self.noise_rngs.noise())
        eps_in = scaled_noise(jax.random.normal(k_in, (x.shape[-1],)))
        eps_out = scaled_noise(jax.random.normal(k_out, (self.sigma_b.shape[0],)))
        noisy = x @ (self.sigma_w[...] * jnp.outer(eps_in, eps_out)) + self.sigma_b[...] * eps_out
        return self.mu(x) + noisy, eps_out


class NoisyQNetwork(nnx.Module):
    def __init__(self, cfg, *, rngs, noise_rngs):
        self.torso = nnx.Linear(cfg.obs_dim, cfg.hidden, rngs=rngs)
        self.head = NoisyLinear(cfg.hidden, cfg.num_actions, cfg.sigma0, rngs=rngs, noise_rngs=noise_rngs)

    def __call__(self, obs):
        return self.head(nnx.relu(self.torso(obs)))


def toy_env(obs, action):
    return jnp.roll(obs, action - 1, axis=-1) * 0.95


def make_rollout(graphdef, horizon):
    def act(state, obs):
        policy = nnx.merge(graphdef, state, copy=True)
        q, eps = policy(obs)
        return jnp.argmax(q, -1), eps, nnx.state(policy)

    @jax.jit
    def rollout(state, obs0):
        def body(carry, _):
            state, obs = carry
            action, eps, _ = act(state, obs)
            return (state, toy_env(obs, action)), eps

        (state, _), noise = jax.lax.scan(body, (state, obs0), None, length=horizon)
        return state, noise

    return rollout


def main():
    cfg = NoisyConfig()
    policy = NoisyQNetwork(cfg, rngs=nnx.Rngs(0), noise_rngs=nnx.Rngs(noise=1))
    graphdef, state = nnx.split(policy)
    rollout = make_rollout(graphdef, cfg.horizon)
    state, noise = rollout(state, jnp.ones((cfg.obs_dim,)))
    nnx.update(policy, state)
    return noise
