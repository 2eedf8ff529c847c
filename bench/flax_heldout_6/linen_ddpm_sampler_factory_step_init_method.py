# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[6,32] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 a DDPM ancestral sampler whose scan step comes from a module-level factory closing over the eps network; the model is initialised with init(..., method=Diffusion.sample)
import jax
import jax.numpy as jnp
import flax.linen as nn


class EpsNet(nn.Module):
    @nn.compact
    def __call__(self, x, t):
        temb = jnp.sin(t * jnp.arange(1, 5)).astype(x.dtype)
        h = jnp.concatenate([x, jnp.broadcast_to(temb, x.shape[:-1] + (4,))], axis=-1)
        return nn.Dense(x.shape[-1])(nn.swish(nn.Dense(32)(h)))


def make_sampling_step(eps_net, betas):
    alphas = 1.0 - betas
    alpha_bars = jnp.cumprod(alphas)

    def step(x, inputs):
        t, z = inputs
        eps = eps_net(x, t / betas.shape[0])
        mean = (x - betas[t] / jnp.sqrt(1.0 - alpha_bars[t]) * eps) / jnp.sqrt(alphas[t])
        return mean + jnp.sqrt(betas[t]) * z * (t > 0), None

    return step


class Diffusion(nn.Module):
    n_steps: int = 6

    def setup(self):
        self.eps_net = EpsNet()
        self.betas = jnp.linspace(1e-4, 0.05, self.n_steps)

    def __call__(self, x0, t, noise):
        return self.eps_net(x0, t)

    def sample(self, key, shape):
        k0, k1 = jax.random.split(key)
        noises = jax.random.normal(k1, (self.n_steps,) + shape)
        ts = jnp.arange(self.n_steps)[::-1]
        step = make_sampling_step(self.eps_net, self.betas)
        x, _ = jax.lax.scan(step, jax.random.normal(k0, shape), (ts, noises))
        return x


def main():
    model = Diffusion()
    variables = model.init(jax.random.key(0), jax.random.key(1), (3, 2), method=Diffusion.sample)
    x = model.apply(variables, jax.random.key(2), (3, 2), method=Diffusion.sample)
    x.block_until_ready()
    return None
