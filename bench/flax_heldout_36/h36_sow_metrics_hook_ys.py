# label: ok
# flax-error: none
# class: 2 MetricsHook applies the model with mutable=['intermediates']; the model's raw scan body returns the per-iteration activation norm as ys and it is sown once after the loop
import jax
import jax.numpy as jnp
from flax import linen as nn


class SmoothingEncoder(nn.Module):
    dim: int = 4
    n_iter: int = 3

    @nn.compact
    def __call__(self, x):
        mix = self.param("mix", nn.initializers.orthogonal(), (self.dim, self.dim))
        h = nn.Dense(self.dim, name="proj")(x)

        def body(h, _):
            h = jax.nn.gelu(h @ mix) + h
            return h, jnp.linalg.norm(h, axis=-1).mean()

        h, norms = jax.lax.scan(body, h, None, length=self.n_iter)
        self.sow("intermediates", "act_norm", norms)
        return h


class MetricsHook:
    def __init__(self, model):
        self.model = model
        self.logs = []

    def __call__(self, params, x):
        y, state = self.model.apply({"params": params}, x, mutable=["intermediates"])
        norms = jnp.stack(state["intermediates"]["act_norm"])
        self.logs.append(float(norms.mean()))
        return y


def main():
    model = SmoothingEncoder()
    x = jnp.ones((2, 4))
    params = model.init(jax.random.key(0), x)["params"]
    hook = MetricsHook(model)
    hook(params, x)
    return None
