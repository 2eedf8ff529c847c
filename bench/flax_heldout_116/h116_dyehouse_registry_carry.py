# label: ok
# flax-error: none
# class: 5 @register_step("exhaust") factory returns a step that applies the model with mutable=["batch_stats"] and keeps batch_stats in the carry; run_recipe looks the factory up in STEP_FACTORIES and scans the step
"""Textile dye-house colour matching: recipe stages are registered as step
factories; the runner scans a stage over the dye-bath time series."""
import jax
import jax.numpy as jnp
from flax import linen as nn

STEP_FACTORIES = {}


def register_step(name):
    def decorator(factory):
        STEP_FACTORIES[name] = factory
        return factory
    return decorator


class UptakeModel(nn.Module):
    hidden: int = 12

    @nn.compact
    def __call__(self, bath, train: bool = False):
        h = nn.Dense(self.hidden)(bath)
        h = nn.BatchNorm(use_running_average=not train, momentum=0.95)(h)
        return nn.sigmoid(nn.Dense(bath.shape[-1])(nn.relu(h)))


@register_step("exhaust")
def make_exhaust_step(model, variables):
    params = variables["params"]

    def step(carry, bath_reading):
        shade, batch_stats = carry
        uptake, updates = model.apply({"params": params, "batch_stats": batch_stats},
                                      bath_reading, train=True, mutable=["batch_stats"])
        shade = shade + uptake * (1.0 - shade)
        return (shade, updates["batch_stats"]), uptake.mean()

    return step, variables["batch_stats"]


def run_recipe(stage, model, variables, bath_series):
    step, stats = STEP_FACTORIES[stage](model, variables)
    shade0 = jnp.zeros(bath_series.shape[1:])
    (shade, _), uptakes = jax.lax.scan(step, (shade0, stats), bath_series)
    return shade, uptakes


def main():
    model = UptakeModel()
    bath = jax.random.uniform(jax.random.key(5), (7, 3, 4))
    variables = model.init(jax.random.key(0), bath[0])
    run_recipe("exhaust", model, variables, bath)
    return None
