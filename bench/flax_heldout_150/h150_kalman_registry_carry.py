# label: ok
# flax-error: none
# class: 5 a @register_filter builder returns a correct() closure over model.apply with mutable=['filter']; the gain state goes through the scan carry
"""GNSS positioning service: measurement filters are looked up by name in a decorator registry."""
import jax
import jax.numpy as jnp
import flax.linen as nn

FILTER_BUILDERS = {}


def register_filter(name):
    def decorator(builder):
        FILTER_BUILDERS[name] = builder
        return builder
    return decorator


class LearnedGain(nn.Module):
    dim: int = 3

    @nn.compact
    def __call__(self, innovation):
        gain = self.variable("filter", "gain", lambda: jnp.full((self.dim,), 0.5))
        proposal = nn.sigmoid(nn.Dense(self.dim)(innovation))
        gain.value = 0.9 * gain.value + 0.1 * proposal
        return gain.value * innovation


@register_filter("learned_gain")
def build_learned_gain(model, variables):
    params = variables["params"]

    def correct(estimate, measurement, filter_state):
        delta, updates = model.apply({"params": params, "filter": filter_state},
                                     measurement - estimate, mutable=["filter"])
        return estimate + delta, updates["filter"]

    return correct


def track(filter_name, model, variables, measurements):
    correct = FILTER_BUILDERS[filter_name](model, variables)

    def body(carry, z):
        estimate, filter_state = carry
        estimate, filter_state = correct(estimate, z, filter_state)
        return (estimate, filter_state), estimate

    _, path = jax.lax.scan(body, (measurements[0], variables["filter"]), measurements[1:])
    return path


def main():
    model = LearnedGain()
    measurements = jnp.cumsum(jax.random.normal(jax.random.key(0), (12, 3)), axis=0)
    variables = model.init(jax.random.key(1), measurements[0])
    track("learned_gain", model, variables, measurements).block_until_ready()
    return None
