# label: ok
# flax-error: none
# class: 3 sphere tracing in a module method: while_loop cond and body call self.sdf, evaluated once at the origins before the loop
"""Neural signed distance field rendered by sphere tracing (DeepSDF / IDR style)."""
import jax
import jax.numpy as jnp
import flax.linen as nn


class SDFNet(nn.Module):
    width: int = 64
    depth: int = 3

    @nn.compact
    def __call__(self, p):
        h = p
        for _ in range(self.depth):
            h = nn.softplus(nn.Dense(self.width)(h))
        return nn.Dense(1)(h)[..., 0] + jnp.linalg.norm(p, axis=-1) - 0.5


class SphereTracer(nn.Module):
    max_steps: int = 32
    eps: float = 1e-3

    def setup(self):
        self.sdf = SDFNet()

    def __call__(self, origins, dirs):
        def cond(state):
            i, t, d = state
            return (i < self.max_steps) & jnp.any(jnp.abs(d) > self.eps)

        def body(state):
            i, t, _ = state
            d = self.sdf(origins + t[:, None] * dirs)
            return i + 1, t + d, d

        t0 = jnp.zeros(origins.shape[0])
        d0 = self.sdf(origins)
        _, t, _ = jax.lax.while_loop(cond, body, (0, t0, d0))
        return origins + t[:, None] * dirs


def main():
    n = 16
    theta = jnp.linspace(-0.3, 0.3, n)
    origins = jnp.tile(jnp.array([[0.0, 0.0, -2.0]]), (n, 1))
    dirs = jnp.stack([jnp.sin(theta), jnp.zeros(n), jnp.cos(theta)], -1)
    model = SphereTracer()
    params = model.init(jax.random.key(0), origins, dirs)
    model.apply(params, origins, dirs)
    return None
