# label: same-values
# flax-error: none
# class: 5 a registry builds an nn.remat block; a jax.checkpoint-wrapped scan body applies it with a dropout key captured once by the step factory
"""Model registry + step factory; stochastic-depth style dropout over layers, returns per-step masks."""
import jax
import jax.numpy as jnp
import flax.linen as nn

MODEL_REGISTRY = {}


def register(name):
    def deco(cls):
        MODEL_REGISTRY[name] = cls
        return cls

    return deco


@register("drop_block")
class DropBlock(nn.Module):
    rate: float = 0.3

    @nn.compact
    def __call__(self, x, train: bool = False):
        return nn.Dropout(self.rate, deterministic=not train)(x)


def build_model(name, remat=True, **kwargs):
    cls = MODEL_REGISTRY[name]
    if remat:
        cls = nn.remat(cls, static_argnums=(2,))
    return cls(**kwargs)


def make_step_fn(model, variables, rng):
    dropout_rng = jax.random.fold_in(rng, 0)

    @jax.checkpoint
    def step(h, _):
        out = model.apply(variables, h, True, rngs={"dropout": dropout_rng})
        return h, out != 0

    return step


def main():
    model = build_model("drop_block")
    x = jnp.ones((2, 12))
    variables = model.init(jax.random.key(0), x, False)
    step = make_step_fn(model, variables, jax.random.key(7))
    _, masks = jax.lax.scan(step, x, None, length=5)
    return masks
