# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "last_floor" in "/" because collection "cache" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 4 DispatchService.get_policy(bank) returns a PolicyAdapter whose .bound property gives model.bind(variables); the while_loop body calls it and the policy writes its "cache" collection
"""Elevator dispatch: a policy picks the next floor for each hall call of a bank of lifts."""
import jax
import jax.numpy as jnp
from flax import linen as nn

lax = jax.lax


class DispatchPolicy(nn.Module):
    floors: int

    @nn.compact
    def __call__(self, request):
        last = self.variable("cache", "last_floor", lambda: jnp.zeros(()))
        features = jnp.concatenate([request, last.value[None]])
        logits = nn.Dense(self.floors, name="floor_logits")(features)
        floor = jnp.argmax(logits).astype(jnp.float32)
        last.value = floor
        return floor


class PolicyAdapter:
    def __init__(self, model, variables):
        self._model = model
        self._variables = variables

    @property
    def bound(self):
        return self._model.bind(self._variables)


class DispatchService:
    def __init__(self, adapters):
        self._adapters = adapters

    def get_policy(self, bank):
        return self._adapters[bank]

    def serve(self, bank, requests):
        n = requests.shape[0]

        def pending(state):
            return state[0] < n

        def dispatch(state):
            i, travelled, prev = state
            floor = self.get_policy(bank).bound(requests[i])
            return i + 1, travelled + jnp.abs(floor - prev), floor

        _, travelled, _ = lax.while_loop(pending, dispatch, (0, jnp.zeros(()), jnp.zeros(())))
        return travelled


def main():
    requests = jax.random.normal(jax.random.key(0), (7, 3))  # hall calls: (floor, direction, wait)
    model = DispatchPolicy(floors=12)
    variables = model.init(jax.random.key(1), requests[0])
    service = DispatchService({"north": PolicyAdapter(model, variables)})
    jax.block_until_ready(service.serve("north", requests))
    return None
