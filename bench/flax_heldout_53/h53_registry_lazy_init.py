# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[3,8] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 1 a registry factory builds a sequence model whose GRU cell is first called (so its params are created) inside the raw lax.scan body during init
"""Model registry: models are registered by name and built from a config dict."""
import jax
import jax.numpy as jnp
import flax.linen as nn

MODEL_REGISTRY = {}


def register(name):
    def deco(cls):
        MODEL_REGISTRY[name] = cls
        return cls
    return deco


@register("gru_encoder")
class GRUEncoder(nn.Module):
    hidden: int = 8

    @nn.compact
    def __call__(self, xs):  # xs: [time, batch, features]
        cell = nn.GRUCell(features=self.hidden)
        h0 = jnp.zeros((xs.shape[1], self.hidden))

        def step(h, x):
            h, y = cell(h, x)
            return h, y

        _, ys = jax.lax.scan(step, h0, xs)
        return nn.Dense(1)(ys)


def build_model(cfg):
    return MODEL_REGISTRY[cfg["name"]](**cfg.get("kwargs", {}))


def build_and_init(cfg, rng, sample):
    model = build_model(cfg)
    variables = model.init(rng, sample)
    return model, variables


def main():
    cfg = {"name": "gru_encoder", "kwargs": {"hidden": 8}}
    xs = jnp.ones((6, 2, 3))
    model, variables = build_and_init(cfg, jax.random.key(0), xs)
    model.apply(variables, xs)
    return None
