# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "door_events" in "/" because collection "counters" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 2 replay_day's local variables (restored from a checkpoint dict) go straight into the fori_loop body's model.apply, whose module counts door events in a 'counters' collection
"""Parcel locker network: a day of door events is replayed through the occupancy model to
predict which compartments will be free for the evening courier run."""
import jax
import jax.numpy as jnp
from flax import linen as nn
from jax.lax import fori_loop


class LockerOccupancyNet(nn.Module):
    compartments: int = 12

    @nn.compact
    def __call__(self, door_events):
        seen = self.variable("counters", "door_events", lambda: jnp.zeros((), jnp.int32))
        seen.value = seen.value + door_events.shape[0]
        h = nn.relu(nn.Dense(16)(door_events))
        return nn.sigmoid(nn.Dense(self.compartments)(h)).mean(0)


def restore_checkpoint(model, sample):
    variables = model.init(jax.random.key(0), sample)
    return {"params": variables["params"], "counters": variables["counters"]}


def replay_day(model, checkpoint, hourly_events):
    variables = checkpoint

    def hour(i, free):
        occupied = model.apply(variables, hourly_events[i])
        return free.at[i].set(1.0 - occupied)

    hours = hourly_events.shape[0]
    return fori_loop(0, hours, hour, jnp.zeros((hours, model.compartments)))


def main():
    events = jax.random.uniform(jax.random.key(1), (10, 3, 5))
    model = LockerOccupancyNet()
    checkpoint = restore_checkpoint(model, events[0])
    free = replay_day(model, checkpoint, events)
    free[-1].argmax()
    return None
