# label: ok
# flax-error: none
# class: 5 a step function looked up in a decorator registry runs model.apply with a mutable ema collection in the fori_loop body; the ema state enters and leaves through the carry
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
def refresh_scale(trainer, ema, quotes):
    variables = {"params": trainer.variables["params"], "ema": ema}
    prices, updates = trainer.model.apply(variables, quotes, mutable=["ema"])
    return prices, updates["ema"]


class SurrogateTrainer:
    def __init__(self, model, variables):
        self.model = model
        self.variables = variables

    def run(self, step_name, ticks):
        step = STEP_REGISTRY[step_name]

        def body(i, carry):
            total, ema = carry
            prices, ema = step(self, ema, ticks[i])
            return total + prices.mean(), ema

        init = (jnp.float32(0.0), self.variables["ema"])
        total, ema = jax.lax.fori_loop(0, ticks.shape[0], body, init)
        self.variables = {**self.variables, "ema": ema}
        drift = jnp.max(jnp.abs(self.variables["ema"]["abs_scale"] - 1.0))
        return total, drift


def main():
    ticks = jax.random.normal(jax.random.key(6), (5, 16, 4)) * 2.0
    model = PricingNet()
    variables = model.init(jax.random.key(0), ticks[0])
    total, drift = SurrogateTrainer(model, variables).run("refresh_scale", ticks)
    print(float(total), float(drift))
    return None
