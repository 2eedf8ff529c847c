# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "spans_seen" in "/" because collection "counters" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 5 a @register_rollout decorator registry hands out a rollout that closes over model.bind(variables) (immutable) and calls it in the scan body, where the model bumps its 'counters' collection
"""Tram overhead catenary: a registry of rollout functions that predict contact-wire uplift
as a pantograph passes a sequence of droppers; the model counts the spans it has seen."""
import jax
import jax.numpy as jnp
from flax import linen as nn
from jax import lax

ROLLOUTS = {}


def register_rollout(name):
    def decorator(factory):
        ROLLOUTS[name] = factory
        return factory

    return decorator


class UpliftModel(nn.Module):
    @nn.compact
    def __call__(self, span):
        spans_seen = self.variable("counters", "spans_seen", lambda: jnp.zeros((), jnp.int32))
        spans_seen.value = spans_seen.value + 1
        return jnp.squeeze(nn.Dense(1)(nn.swish(nn.Dense(5)(span))), -1)


@register_rollout("catenary")
def catenary_rollout(model, variables):
    bound = model.bind(variables)

    def rollout(spans):
        def pass_span(peak, span):
            return jnp.maximum(peak, bound(span)), None

        peak, _ = lax.scan(pass_span, jnp.float32(-jnp.inf), spans)
        return peak

    return rollout


class LineInspection:
    def __init__(self, model, variables, kind="catenary"):
        self.rollout = ROLLOUTS[kind](model, variables)

    def worst_uplift(self, spans):
        return float(self.rollout(spans))


def main():
    model = UpliftModel()
    spans = jax.random.normal(jax.random.key(4), (9, 3))
    variables = model.init(jax.random.key(0), spans[0])
    LineInspection(model, variables).worst_uplift(spans)
    return None
