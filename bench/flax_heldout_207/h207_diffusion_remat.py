# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[32] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 5 the scan body in Sampler.__call__ calls an nn.remat-wrapped DenoiseStep bound to Sampler's scope (params and the "noise" stream)
"""Ancestral sampling from a tiny DDPM-style denoiser; the step is rematerialised to save memory.

Each scan step should add fresh Gaussian noise; the sampler returns the noise it added per step."""
import jax
import jax.numpy as jnp
import flax.linen as nn

DIM, STEPS = 8, 6


class ScoreNet(nn.Module):
    @nn.compact
    def __call__(self, x, t):
        temb = jnp.sin(t * jnp.arange(1, 5, dtype=jnp.float32))
        h = nn.silu(nn.Dense(32)(jnp.concatenate([x, temb])))
        return nn.Dense(DIM)(h)


class DenoiseStep(nn.Module):
    @nn.compact
    def __call__(self, x, t):
        eps_hat = ScoreNet()(x, t)
        beta = 0.02 + 0.1 * t
        noise = jax.random.normal(self.make_rng("noise"), x.shape)
        x = (x - beta * eps_hat) / jnp.sqrt(1.0 - beta) + jnp.sqrt(beta) * noise
        return x, noise


class Sampler(nn.Module):
    @nn.compact
    def __call__(self, x_T):
        step = nn.remat(DenoiseStep)()
        step(x_T, jnp.float32(1.0))  # create the parameters outside the loop

        def body(x, t):
            x, noise = step(x, t)
            return x, noise

        ts = jnp.linspace(1.0, 0.0, STEPS)
        _, noises = jax.lax.scan(body, x_T, ts)
        return noises


def main():
    model = Sampler()
    x_T = jnp.zeros(DIM)
    rngs = {"params": jax.random.key(0), "noise": jax.random.key(1)}
    variables = model.init(rngs, x_T)
    return model.apply(variables, x_T, rngs={"noise": jax.random.key(2)})


if __name__ == "__main__":
    print(main())
