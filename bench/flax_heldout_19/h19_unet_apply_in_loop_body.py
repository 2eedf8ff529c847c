# label: ok
# flax-error: none
# class: 2 a plain loop_body calls model.apply({'params': params}, ...) inside jax.lax.fori_loop, jitted with the model bound by functools.partial
"""Guidance-free denoising loop written outside the module, the way the Flax pipelines do it.

Modelled on diffusers' Flax Stable Diffusion pipeline (`loop_body(step, args)` calling
`self.unet.apply({'params': params['unet']}, ...)` and run by `jax.lax.fori_loop`): the whole
`apply` call sits in the loop body of a jitted function.
"""
import functools

import jax
import jax.numpy as jnp
import flax.linen as nn


class TinyUNet(nn.Module):
    channels: int = 4

    @nn.compact
    def __call__(self, latents, timestep):
        h = nn.Conv(8, (3,), padding="SAME")(latents)
        h = nn.silu(h + timestep[:, None, None] / 100.0)
        return nn.Conv(self.channels, (3,), padding="SAME")(h)


def denoise(model, params, latents, num_steps):
    timesteps = jnp.linspace(999, 0, num_steps).astype(jnp.int32)

    def loop_body(step, latents):
        t = jnp.broadcast_to(timesteps[step], latents.shape[:1])
        noise_pred = model.apply({"params": params}, latents, t)
        return latents - 0.1 * noise_pred

    return jax.lax.fori_loop(0, num_steps, loop_body, latents)


def main():
    model = TinyUNet()
    latents = jax.random.normal(jax.random.key(1), (2, 8, 4))
    params = model.init(jax.random.key(0), latents, jnp.zeros((2,), jnp.int32))["params"]
    run = jax.jit(functools.partial(denoise, model), static_argnums=2)
    out = run(params, latents, 5)
    out = run(params, out, 5)
    out.block_until_ready()
    return None
