# label: ok
# flax-error: none
# class: 2 bound method self.composite_step is the raw scan body and returns each compositing weight as a scan output (ys); the stacked weights are sown once after the loop
"""NeRF-style volume renderer: a small MLP radiance field is evaluated at stratified samples
and alpha-composited front to back with a scan over samples; the compositing weights are
sown for a distortion / sparsity regulariser (as in mip-NeRF 360)."""
import jax
import jax.numpy as jnp
from flax import linen as nn


class RadianceField(nn.Module):
    @nn.compact
    def __call__(self, pts):
        h = nn.relu(nn.Dense(32)(pts))
        h = nn.relu(nn.Dense(32)(h))
        out = nn.Dense(4)(h)
        return nn.softplus(out[..., 0]), nn.sigmoid(out[..., 1:])


class VolumeRenderer(nn.Module):
    n_samples: int = 16
    near: float = 0.5
    far: float = 3.0

    def setup(self):
        self.field = RadianceField()

    def composite_step(self, carry, sample):
        transmittance, rgb_acc = carry
        sigma, rgb, delta = sample
        alpha = 1.0 - jnp.exp(-sigma * delta)
        weight = transmittance * alpha
        rgb_acc = rgb_acc + weight[:, None] * rgb
        return (transmittance * (1.0 - alpha), rgb_acc), weight

    def __call__(self, origins, dirs):
        t = jnp.linspace(self.near, self.far, self.n_samples)
        pts = origins[None] + t[:, None, None] * dirs[None]  # (S, R, 3)
        sigma, rgb = self.field(pts)
        delta = jnp.broadcast_to(jnp.diff(t, append=t[-1] + 1e10)[:, None], sigma.shape)
        n_rays = origins.shape[0]
        init = (jnp.ones(n_rays), jnp.zeros((n_rays, 3)))
        (_, color), weights = jax.lax.scan(self.composite_step, init, (sigma, rgb, delta))
        self.sow('intermediates', 'weights', weights)
        return color


def render_loss(renderer, variables, origins, dirs, target):
    color, inter = renderer.apply(variables, origins, dirs, mutable=['intermediates'])
    weights = jnp.stack(inter['intermediates']['weights'])
    sparsity = jnp.mean(jnp.abs(weights))
    return jnp.mean((color - target) ** 2) + 1e-3 * sparsity


def main():
    renderer = VolumeRenderer()
    n_rays = 8
    origins = jnp.zeros((n_rays, 3))
    dirs = jax.random.normal(jax.random.key(1), (n_rays, 3))
    dirs = dirs / jnp.linalg.norm(dirs, axis=-1, keepdims=True)
    variables = renderer.init(jax.random.key(0), origins, dirs)
    variables = {'params': variables['params']}
    loss = render_loss(renderer, variables, origins, dirs, jnp.full((n_rays, 3), 0.5))
    jax.block_until_ready(loss)
    return None


if __name__ == "__main__":
    main()
