# label: same-values
# flax-error: none
# class: 4 DDIMSampler.sample's fori_loop body uses self.eps_model and the key that self.noise_key() drew from self.rngs before the loop
import jax
import jax.numpy as jnp
import jax.random as jrandom
from flax import nnx


class TinyUNet(nnx.Module):
    def __init__(self, dim, hidden, *, rngs: nnx.Rngs):
        self.time_mlp = nnx.Linear(1, hidden, rngs=rngs)
        self.down = nnx.Linear(dim, hidden, rngs=rngs)
        self.up = nnx.Linear(hidden, dim, rngs=rngs)

    def __call__(self, x, t):
        temb = nnx.swish(self.time_mlp(jnp.reshape(t / 10.0, (1, 1)).astype(x.dtype)))
        return self.up(nnx.swish(self.down(x) + temb))


class DDIMSampler(nnx.Module):
    def __init__(self, eps_model, *, num_steps, eta, rngs: nnx.Rngs):
        self.eps_model = eps_model
        self.num_steps = num_steps
        self.eta = eta
        self.rngs = rngs
        self.alpha_bars = nnx.Variable(jnp.cumprod(1.0 - jnp.linspace(1e-4, 0.05, num_steps)))

    def noise_key(self):
        return self.rngs.sampling()

    def sample(self, x_T):
        alpha_bars = self.alpha_bars[...]
        key = self.noise_key()

        def body(i, state):
            x, noises = state
            t = self.num_steps - 1 - i
            abar, abar_prev = alpha_bars[t], jnp.where(t > 0, alpha_bars[t - 1], 1.0)
            eps = self.eps_model(x, t)
            x0 = (x - jnp.sqrt(1.0 - abar) * eps) / jnp.sqrt(abar)
            sigma = self.eta * jnp.sqrt((1.0 - abar_prev) / (1.0 - abar) * (1.0 - abar / abar_prev))
            z = jrandom.normal(key, x.shape)
            x = jnp.sqrt(abar_prev) * x0 + jnp.sqrt(jnp.maximum(1.0 - abar_prev - sigma**2, 0.0)) * eps + sigma * z
            return x, noises.at[i].set(z)

        noises = jnp.zeros((self.num_steps,) + x_T.shape)
        return jax.lax.fori_loop(0, self.num_steps, body, (x_T, noises))


def main():
    rngs = nnx.Rngs(params=0, sampling=1)
    sampler = DDIMSampler(TinyUNet(2, 16, rngs=rngs), num_steps=6, eta=1.0, rngs=rngs)
    x_T = jnp.zeros((3, 2))
    x_0, noises = sampler.sample(x_T)
    return noises
