# label: ok
# flax-error: none
# class: 4 the clinic scheduler asks its ChairModelProvider for get_model(), a module bound to immutable variables, and the fori_loop body calls it in eval mode so the stored statistics are only read
"""Dental clinic chair scheduling: predict how far each booked slot will overrun so the
front desk can shift the afternoon. One model per treatment room, served by providers."""
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax import lax


class OverrunNet(nn.Module):
    @nn.compact
    def __call__(self, slot_features, train: bool = False):
        h = nn.Dense(24)(slot_features)
        h = nn.BatchNorm(use_running_average=not train)(h)
        return nn.softplus(nn.Dense(1)(nn.relu(h)))[..., 0]  # minutes of overrun


class ChairModelProvider:
    def __init__(self, room, model, variables):
        self.room = room
        self._model = model
        self._variables = variables

    def get_model(self):
        return self._model.bind(self._variables)


class ClinicScheduler:
    def __init__(self, providers, slot_minutes=30.0):
        self.providers = {p.room: p for p in providers}
        self.slot_minutes = slot_minutes

    def plan_day(self, room, slots):
        provider = self.providers[room]
        n_slots = slots.shape[0]

        def book(i, start_times):
            overrun = provider.get_model()(slots[i], train=False).mean()
            nxt = start_times[i] + self.slot_minutes + overrun
            return start_times.at[i + 1].set(nxt)

        start_times = jnp.zeros(n_slots + 1)
        return lax.fori_loop(0, n_slots, book, start_times)


def main():
    slots = jax.random.uniform(jax.random.key(3), (10, 4, 7))  # slots x patients-in-batch x features
    model = OverrunNet()
    variables = model.init(jax.random.key(0), slots[0])
    scheduler = ClinicScheduler([ChairModelProvider("op-2", model, variables)])
    scheduler.plan_day("op-2", slots)
    return None
