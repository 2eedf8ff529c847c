# label: same-values
# flax-error: none
# class: 3 each iteration of the raw lax.scan over samples calls the bound method draw(), which takes its starting noise from self.make_rng('sample')
# modelled on: code search "class DenoisingDiffusion(nn.Module)" (flax linen diffusion wrapper drawing noise with self.make_rng("sample")); novaia/ntg sampling/diffusion.py
"""DDIM sampler that draws a batch of samples one at a time to bound memory."""
import jax
import jax.numpy as jnp
import flax.linen as nn


class EpsNet(nn.Module):
    @nn.compact
    def __call__(self, x, t):
        temb = jnp.stack([jnp.sin(t), jnp.cos(t)])
        h = nn.swish(nn.Dense(32)(jnp.concatenate([x, temb])))
        return nn.Dense(x.shape[-1])(h)


class DDIM(nn.Module):
    dim: int = 4
    n_steps: int = 6

    def setup(self):
        self.eps_model = EpsNet()
        self.alpha_bar = jnp.cos(jnp.linspace(0.05, 1.45, self.n_steps)) ** 2

    def __call__(self, x, t):
        return self.eps_model(x, t)

    def denoise(self, x):
        def step(i, x):
            t = self.n_steps - 1 - i
            a_t = self.alpha_bar[t]
            a_prev = jnp.where(t > 0, self.alpha_bar[t - 1], 1.0)
            eps = self.eps_model(x, t.astype(jnp.float32))
            x0 = (x - jnp.sqrt(1 - a_t) * eps) / jnp.sqrt(a_t)
            return jnp.sqrt(a_prev) * x0 + jnp.sqrt(1 - a_prev) * eps

        return jax.lax.fori_loop(0, self.n_steps, step, x)

    def draw(self):
        x_T = jax.random.normal(self.make_rng("sample"), (self.dim,))
        return self.denoise(x_T)

    def sample(self, num_samples):
        def body(carry, _):
            return carry, self.draw()

        _, samples = jax.lax.scan(body, None, None, length=num_samples)
        return samples


def main():
    model = DDIM()
    variables = model.init(jax.random.key(0), jnp.zeros((4,)), 0.0)
    samples = model.apply(variables, 5, method=DDIM.sample, rngs={"sample": jax.random.key(1)})
    print(samples.std(axis=0))
    return samples
