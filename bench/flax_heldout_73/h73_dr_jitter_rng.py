# label: same-values
# flax-error: none
# class: 2 bound method self.march_step is the raw lax.while_loop body and draws its stratified jitter with self.make_rng('jitter') inside the loop
"""Differentiable sphere tracing of a learnable signed-distance sphere with stratified step
jitter (to decorrelate banding artefacts), as in differentiable SDF renderers."""
import functools

import jax
import jax.numpy as jnp
import flax.linen as nn


class JitteredSphereTracer(nn.Module):
    max_steps: int = 12
    jitter_scale: float = 0.1

    def sdf(self, radius, p):
        return jnp.linalg.norm(p, axis=-1) - radius

    def march_step(self, radius, origins, dirs, state):
        i, t, jitters = state
        u = jax.random.uniform(self.make_rng('jitter'), t.shape)
        d = self.sdf(radius, origins + t[:, None] * dirs)
        t = t + d * (1.0 - self.jitter_scale * u)
        return i + 1, t, jitters.at[i].set(u)

    @nn.compact
    def __call__(self, origins, dirs):
        radius = self.param('radius', nn.initializers.constant(1.0), ())
        n_rays = origins.shape[0]
        state = (0, jnp.zeros(n_rays), jnp.zeros((self.max_steps, n_rays)))
        body = functools.partial(self.march_step, radius, origins, dirs)
        _, t, jitters = jax.lax.while_loop(lambda s: s[0] < self.max_steps, body, state)
        depth = t
        return depth, jitters


def main():
    tracer = JitteredSphereTracer()
    n_rays = 6
    origins = jnp.tile(jnp.array([0.0, 0.0, -3.0]), (n_rays, 1))
    dirs = jnp.tile(jnp.array([0.0, 0.0, 1.0]), (n_rays, 1)) + 0.05 * jnp.arange(n_rays)[:, None]
    dirs = dirs / jnp.linalg.norm(dirs, axis=-1, keepdims=True)
    variables = tracer.init({'params': jax.random.key(0), 'jitter': jax.random.key(1)}, origins, dirs)
    _, jitters = tracer.apply(variables, origins, dirs, rngs={'jitter': jax.random.key(2)})
    return jitters


if __name__ == "__main__":
    print(main())
