# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[4] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 5 a step function looked up in a decorator registry runs model.apply with a mutable ema collection in the fori_loop body and stores the updates on the trainer
"""Option-pricing surrogate: registered refresh steps keep an exponential moving average of input scale."""
import jax
import jax.numpy as jnp
from flax import linen as nn

STEP_REGISTRY = {}


def register_step(name):
    def decorator(fn):
        STEP_REGISTRY[name] = fn
        return fn
    return decorator


class PricingNet(nn.Module):
    decay: float = 0.9

    @nn.compact
    def __call__(self, quotes):
        scale = self.variable("ema", "abs_scale", jnp.ones, (quotes.shape[-1],))
        if self.is_mutable_collection("ema") and not self.is_initializing():
            scale.value = self.decay * scale.value + (1 - self.decay) * jnp.abs(quotes).mean(0)
        h = nn.softplus(nn.Dense(16)(quotes / scale.value))
        return nn.Dense(1)(h)[:, 0]


@register_step("refresh_scale")
def refresh_scale(trainer, quotes):
    prices, updates = trainer.model.apply(trainer.variables, quotes, mutable=["ema"])
    trainer.variables = {**trainer.variables, **updates}
    return prices


class SurrogateTrainer:
    def __init__(self, model, variables):
        self.model = model
        self.variables = variables

    def run(self, step_name, ticks):
        step = STEP_REGISTRY[step_name]

        def body(i, total):
            return total + step(self, ticks[i]).mean()

        total = jax.lax.fori_loop(0, ticks.shape[0], body, jnp.float32(0.0))
        drift = jnp.max(jnp.abs(self.variables["ema"]["abs_scale"] - 1.0))
        return total, drift


def main():
    ticks = jax.random.normal(jax.random.key(6), (5, 16, 4)) * 2.0
    model = PricingNet()
    variables = model.init(jax.random.key(0), ticks[0])
    total, drift = SurrogateTrainer(model, variables).run("refresh_scale", ticks)
    print(float(total), float(drift))
    return None
