# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type int32[] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 a module-level render function receives a bound NeRF field and calls its counting method inside jax.lax.while_loop
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

    def query(self, pts):
        self.n_eval.value = self.n_eval.value + pts.shape[0]
        return self(pts)


def render_rays(field, origins, dirs, near=0.0, far=2.0, n_steps=8, t_thresh=1e-3):
    dt = (far - near) / n_steps

    def cond(state):
        i, trans, rgb = state
        return jnp.logical_and(i < n_steps, jnp.max(trans) > t_thresh)

    def body(state):
        i, trans, rgb = state
        t = near + (i + 0.5) * dt
        sigma, color = field.query(origins + t * dirs)
        alpha = 1.0 - jnp.exp(-sigma * dt)
        rgb = rgb + (trans * alpha)[:, None] * color
        trans = trans * (1.0 - alpha)
        return i + 1, trans, rgb

    n = origins.shape[0]
    _, _, rgb = jax.lax.while_loop(cond, body, (0, jnp.ones(n), jnp.zeros((n, 3))))
    return rgb


def main():
    model = RadianceField()
    origins = jnp.zeros((4, 3))
    dirs = jnp.tile(jnp.array([[0.0, 0.0, 1.0]]), (4, 1))
    variables = model.init(jax.random.PRNGKey(0), origins, method=RadianceField.query)
    field = model.bind(variables, mutable=["stats"])
    rgb = render_rays(field, origins, dirs)
    per_ray = field.variables["stats"]["n_eval"] / origins.shape[0]
    print("evaluations per ray:", per_ray, rgb.shape)
    return None
