# label: ok
# flax-error: none
# class: 3 sampler method run through apply(method=...) draws one key with make_rng before the raw fori_loop and indexes per-step keys in the body
# modelled on: novaia/ntg sampling/diffusion.py (implicit reverse diffusion sampling with state.apply_fn)
"""Small DDPM denoiser with an ancestral sampling method."""
import jax
import jax.numpy as jnp
import flax.linen as nn

STEPS = 6


def schedule(steps):
    betas = jnp.linspace(1e-3, 0.2, steps)
    alphas = 1.0 - betas
    return betas, alphas, jnp.cumprod(alphas)


class Denoiser(nn.Module):
    width: int = 16

    @nn.compact
    def __call__(self, x, t):
        temb = jnp.sin(t * jnp.arange(1, 5))[None, :].repeat(x.shape[0], 0)
        h = nn.gelu(nn.Dense(self.width)(jnp.concatenate([x, temb], -1)))
        return nn.Dense(x.shape[-1])(h)

    def sample(self, x_T):
        betas, alphas, abar = schedule(STEPS)
        added = jnp.zeros((STEPS,) + x_T.shape)
        step_keys = jax.random.split(self.make_rng("noise"), STEPS)

        def body(i, carry):
            x, added = carry
            t = STEPS - 1 - i
            eps = self(x, t.astype(jnp.float32))
            mean = (x - betas[t] / jnp.sqrt(1 - abar[t]) * eps) / jnp.sqrt(alphas[t])
            z = jax.random.normal(step_keys[i], x.shape)
            added = added.at[i].set(z)
            return mean + jnp.sqrt(betas[t]) * z, added

        x0, added = jax.lax.fori_loop(0, STEPS, body, (x_T, added))
        return x0, added


def main():
    model = Denoiser()
    x_T = jax.random.normal(jax.random.key(0), (4, 2))
    variables = model.init(jax.random.key(1), x_T, jnp.float32(0))
    x0, added = model.apply(variables, x_T, method=Denoiser.sample,
                            rngs={"noise": jax.random.key(2)})
    assert x0.shape == x_T.shape
    return added
