# label: ok
# flax-error: none
# class: 4 the fori_loop body calls self.q, whose NoisyDense head gets a key made by folding the step index into one 'noise' key drawn before the loop

import jax
import jax.numpy as jnp
from flax import linen as nn
from jax.lax import fori_loop

N_ACTIONS = 3


def _scale_noise(e):
    return jnp.sign(e) * jnp.sqrt(jnp.abs(e))


class NoisyDense(nn.Module):
    """Factorised Gaussian NoisyNet layer (Fortunato et al.)."""

    features: int
    sigma0: float = 0.5

    @nn.compact
    def __call__(self, x, rng=None):
        din = x.shape[-1]
        bound = 1.0 / jnp.sqrt(din)
        uniform = lambda key, shape: jax.random.uniform(key, shape, minval=-bound, maxval=bound)
        mu_w = self.param("mu_w", uniform, (din, self.features))
        mu_b = self.param("mu_b", uniform, (self.features,))
        sigma_w = self.param("sigma_w", nn.initializers.constant(self.sigma0 * bound), (din, self.features))
        sigma_b = self.param("sigma_b", nn.initializers.constant(self.sigma0 * bound), (self.features,))
        if rng is None:
            rng = self.make_rng("noise")
        k_in, k_out = jax.random.split(rng)
        e_in = _scale_noise(jax.random.normal(k_in, (din,)))
        e_out = _scale_noise(jax.random.normal(k_out, (self.features,)))
        w = mu_w + sigma_w * jnp.outer(e_in, e_out)
        b = mu_b + sigma_b * e_out
        return x @ w + b


class QNetwork(nn.Module):
    def setup(self):
        self.torso = nn.Dense(16)
        self.head = NoisyDense(N_ACTIONS)

    def __call__(self, obs, rng=None):
        return self.head(nn.relu(self.torso(obs)), rng)


class NoisyAgent(nn.Module):
    def setup(self):
        self.q = QNetwork()

    def __call__(self, obs):
        return self.q(obs)

    def exploration_q(self, obs, num_draws):
        base = self.make_rng("noise")

        def body(i, qs):
            return qs.at[i].set(self.q(obs, jax.random.fold_in(base, i)))

        return fori_loop(0, num_draws, body, jnp.zeros((num_draws, N_ACTIONS)))


def main():
    agent = NoisyAgent()
    obs = jnp.array([0.1, -0.4, 0.7, 0.2])
    variables = agent.init({"params": jax.random.key(0), "noise": jax.random.key(1)}, obs)
    qs = agent.apply(variables, obs, 5, method=NoisyAgent.exploration_q,
                     rngs={"noise": jax.random.key(2)})
    return qs
