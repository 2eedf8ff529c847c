# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[8,16] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 3 diffusion model initialised with init(..., method=Diffusion.sample), so the sampler's scan builds the denoiser
import flax.linen as nn
import jax
import jax.numpy as jnp


class Denoiser(nn.Module):
    @nn.compact
    def __call__(self, x, t):
        temb = nn.Dense(16)(jnp.cos(t[..., None] * jnp.arange(1, 9)))
        return nn.Dense(x.shape[-1])(nn.silu(nn.Dense(16)(x) + temb))


class Diffusion(nn.Module):
    steps: int = 8

    def setup(self):
        self.eps_model = Denoiser()

    def __call__(self, x_noisy, t):
        return self.eps_model(x_noisy, t)

    def sample(self, x_T):
        def step(x, t):
            return x - self.eps_model(x, jnp.full(x.shape[:1], t)) / self.steps, None

        x0, _ = jax.lax.scan(step, x_T, jnp.linspace(1.0, 0.0, self.steps))
        return x0


def main():
    x = jnp.ones((4, 2))
    model = Diffusion()
    variables = model.init(jax.random.PRNGKey(0), x, method=Diffusion.sample)
    model.apply(variables, x, method=Diffusion.sample)
