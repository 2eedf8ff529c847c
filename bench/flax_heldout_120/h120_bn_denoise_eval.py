# label: ok
# flax-error: none
# class: 4 Sampler.sample runs the while_loop and reaches the BatchNorm through self.denoise_step and self.net, in eval mode
"""Iterative denoising until the update is small, with a BatchNorm denoiser in a lax.while_loop.

The sampling loop calls the denoiser with train=False, so BatchNorm only reads its running
statistics inside the loop body.
"""
import jax
import jax.numpy as jnp
import flax.linen as nn


class DenoiseNet(nn.Module):
    @nn.compact
    def __call__(self, x, train: bool):
        h = nn.Dense(16)(x)
        h = nn.BatchNorm(use_running_average=not train)(h)
        return nn.Dense(x.shape[-1])(nn.gelu(h))


class Sampler(nn.Module):
    tol: float = 1e-3
    max_iters: int = 20

    def setup(self):
        self.net = DenoiseNet()

    def __call__(self, x, train: bool = True):
        return self.net(x, train)

    def denoise_step(self, x):
        return x - 0.1 * self.net(x, train=False)

    def sample(self, x):
        def cond(state):
            i, _, delta = state
            return (i < self.max_iters) & (delta > self.tol)

        def body(state):
            i, x, _ = state
            new_x = self.denoise_step(x)
            return i + 1, new_x, jnp.max(jnp.abs(new_x - x))

        _, x, _ = jax.lax.while_loop(cond, body, (0, x, jnp.inf))
        return x


def main():
    model = Sampler()
    x = jax.random.normal(jax.random.key(0), (4, 3))
    variables = model.init(jax.random.key(1), x)
    out = model.apply(variables, x, method=Sampler.sample)
    jax.block_until_ready(out)
    return None
