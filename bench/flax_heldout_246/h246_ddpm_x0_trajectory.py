# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[3,2] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 1 DiffusionModel.sample runs lax.scan itself and sows each step's x0 estimate into its own 'intermediates' collection from the scan body
import jax
import flax.linen as nn
from jax import lax, random
from jax import numpy as jnp


class Denoiser(nn.Module):
    hidden: int = 32

    @nn.compact
    def __call__(self, x, t):
        t_feat = jnp.broadcast_to(jnp.asarray(t, jnp.float32) / 10.0, x.shape[:-1] + (1,))
        h = nn.gelu(nn.Dense(self.hidden)(jnp.concatenate([x, t_feat], axis=-1)))
        h = nn.gelu(nn.Dense(self.hidden)(h))
        return nn.Dense(x.shape[-1])(h)


class DiffusionModel(nn.Module):
    num_steps: int = 6

    def setup(self):
        self.net = Denoiser()

    def __call__(self, x, t):
        return self.net(x, t)

    def sample(self, x_T):
        betas = jnp.linspace(1e-4, 0.05, self.num_steps)
        alphas = 1.0 - betas
        alpha_bars = jnp.cumprod(alphas)

        def body(x, t):
            eps = self.net(x, t)
            x0_hat = (x - jnp.sqrt(1.0 - alpha_bars[t]) * eps) / jnp.sqrt(alpha_bars[t])
            x0_hat = jnp.clip(x0_hat, -1.0, 1.0)
            self.sow('intermediates', 'x0_hat', x0_hat)
            mean = (x - betas[t] / jnp.sqrt(1.0 - alpha_bars[t]) * eps) / jnp.sqrt(alphas[t])
            noise = random.normal(random.fold_in(self.make_rng('sample'), t), x.shape)
            x = mean + jnp.where(t > 0, jnp.sqrt(betas[t]), 0.0) * noise
            return x, None

        x_0, _ = lax.scan(body, x_T, jnp.arange(self.num_steps)[::-1])
        return x_0


def main():
    model = DiffusionModel()
    variables = model.init(random.key(0), jnp.zeros((3, 2)), 0)
    x_T = random.normal(random.key(1), (3, 2))
    x_0, state = model.apply(variables, x_T, method=DiffusionModel.sample,
                             rngs={'sample': random.key(2)}, mutable=['intermediates'])
    trajectory = jnp.stack(state['intermediates']['x0_hat'])
    drift = jnp.abs(trajectory[-1] - x_0).mean()
    jax.block_until_ready((x_0, drift))
