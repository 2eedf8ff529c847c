# label: same-values
# flax-error: none
# class: 1 closure in the NNX __call__: the jitter key is drawn once from self.rngs.jitter() and the raw lax.scan body over ray chunks reuses it
"""NeRF-style renderer in NNX: rays are rendered in chunks with a scan (to bound memory), each
chunk using stratified sampling with a uniform jitter inside every depth bin."""
import jax
import jax.numpy as jnp
from flax import nnx
from jax import lax


class TinyNeRF(nnx.Module):
    def __init__(self, *, rngs: nnx.Rngs, n_samples=16, near=0.5, far=3.0):
        self.l1 = nnx.Linear(3, 32, rngs=rngs)
        self.l2 = nnx.Linear(32, 4, rngs=rngs)
        self.rngs = rngs
        self.n_samples, self.near, self.far = n_samples, near, far

    def field(self, pts):
        out = self.l2(nnx.relu(self.l1(pts)))
        return nnx.softplus(out[..., 0]), nnx.sigmoid(out[..., 1:])

    def render_chunk(self, origins, dirs, jitter):
        edges = jnp.linspace(self.near, self.far, self.n_samples + 1)
        t = edges[:-1] + (edges[1:] - edges[:-1]) * jitter  # (R, S)
        pts = origins[:, None] + t[..., None] * dirs[:, None]
        sigma, rgb = self.field(pts)
        delta = jnp.diff(t, axis=-1, append=t[:, -1:] + 1e10)
        alpha = 1.0 - jnp.exp(-sigma * delta)
        trans = jnp.cumprod(jnp.concatenate([jnp.ones_like(alpha[:, :1]), 1.0 - alpha[:, :-1]], -1), -1)
        return jnp.sum((trans * alpha)[..., None] * rgb, axis=1)

    def __call__(self, origins, dirs, chunk=4):
        o = origins.reshape(-1, chunk, 3)
        d = dirs.reshape(-1, chunk, 3)
        key = self.rngs.jitter()

        def body(_, rays):
            o_c, d_c = rays
            jitter = jax.random.uniform(key, (chunk, self.n_samples))
            return None, (self.render_chunk(o_c, d_c, jitter), jitter)

        _, (colors, jitters) = lax.scan(body, None, (o, d))
        return colors.reshape(-1, 3), jitters


def main():
    nerf = TinyNeRF(rngs=nnx.Rngs(params=0, jitter=1))
    dirs = jax.random.normal(jax.random.key(2), (16, 3))
    dirs = dirs / jnp.linalg.norm(dirs, axis=-1, keepdims=True)
    _, jitters = nerf(jnp.zeros((16, 3)), dirs)
    return jitters


if __name__ == "__main__":
    print(main())
