# label: ok
# flax-error: none
# class: 4 a module-level render function receives a bound NeRF field; the evaluation count travels in the while_loop carry and is written after
import jax
import jax.numpy as jnp
from flax import linen as nn


class RadianceField(nn.Module):
    hidden: int = 16

    def setup(self):
        self.hidden_layer = nn.Dense(self.hidden)
        self.out_layer = nn.Dense(4)
        # running count of field evaluations for the profiler
        self.n_eval = self.variable("stats", "n_eval", lambda: jnp.zeros((), jnp.int32))

    def __call__(self, pts):
        h = nn.relu(self.hidden_layer(pts))
        out = self.out_layer(h)
        return jax.nn.relu(out[..., 0]), jax.nn.sigmoid(out[..., 1:])

    def record(self, n):
        self.n_eval.value = self.n_eval.value + n


def render_rays(field, origins, dirs, near=0.0, far=2.0, n_steps=8, t_thresh=1e-3):
    dt = (far - near) / n_steps

    def cond(state):
        i, trans, rgb, count = state
        return jnp.logical_and(i < n_steps, jnp.max(trans) > t_thresh)

    def body(state):
        i, trans, rgb, count = state
        t = near + (i + 0.5) * dt
        pts = origins + t * dirs
        sigma, color = field(pts)
        alpha = 1.0 - jnp.exp(-sigma * dt)
        rgb = rgb + (trans * alpha)[:, None] * color
        trans = trans * (1.0 - alpha)
        return i + 1, trans, rgb, count + pts.shape[0]

    n = origins.shape[0]
    init = (0, jnp.ones(n), jnp.zeros((n, 3)), jnp.zeros((), jnp.int32))
    _, _, rgb, count = jax.lax.while_loop(cond, body, init)
    field.record(count)
    return rgb


def main():
    model = RadianceField()
    origins = jnp.zeros((4, 3))
    dirs = jnp.tile(jnp.array([[0.0, 0.0, 1.0]]), (4, 1))
    variables = model.init(jax.random.PRNGKey(0), origins)
    field = model.bind(variables, mutable=["stats"])
    rgb = render_rays(field, origins, dirs)
    per_ray = field.variables["stats"]["n_eval"] / origins.shape[0]
    print("evaluations per ray:", per_ray, rgb.shape)
    return None
