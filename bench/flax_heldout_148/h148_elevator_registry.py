# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "assigned" in "/policy" because collection "dispatch" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 4 ElevatorBank.dispatch runs while_loop; the body calls self.policy.assign, a policy looked up in a registry filled by __init_subclass__, which writes its own dispatch variable; the service applies read-only
"""Elevator group control: dispatch pending hall calls to cars with a learned policy."""
from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

import jax
import jax.numpy as jnp
import flax.linen as nn


class DispatchPolicy(nn.Module):
    registry: ClassVar[dict[str, type]] = {}
    policy_name: ClassVar[str] = ""
    floors: int = 12

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        if cls.policy_name:
            DispatchPolicy.registry[cls.policy_name] = cls


class NearestCarPolicy(DispatchPolicy):
    policy_name: ClassVar[str] = "nearest-car"

    def setup(self):
        self.score = nn.Dense(self.floors)
        self.assigned = self.variable("dispatch", "assigned", jnp.zeros, (self.floors,))

    def __call__(self, calls):
        return self.score(calls)

    def assign(self, calls, priority):
        floor = jnp.argmax(calls * (1.0 + priority))
        self.assigned.value = self.assigned.value.at[floor].add(1.0)
        return calls.at[floor].set(0.0)


class ElevatorBank(nn.Module):
    policy_name: str
    floors: int = 12
    max_rounds: int = 20

    def setup(self):
        self.policy = DispatchPolicy.registry[self.policy_name](floors=self.floors)

    def __call__(self, calls):
        return self.policy(calls)

    def dispatch(self, calls):
        priority = nn.sigmoid(self.policy(calls))

        def pending(state):
            rounds, remaining = state
            return (rounds < self.max_rounds) & (remaining.sum() > 0)

        def serve(state):
            rounds, remaining = state
            return rounds + 1, self.policy.assign(remaining, priority)

        return jax.lax.while_loop(pending, serve, (0, calls))


@dataclass
class DispatchService:
    bank: ElevatorBank
    variables: dict

    def handle(self, calls):
        rounds, remaining = self.bank.apply(self.variables, calls, method=ElevatorBank.dispatch)
        return int(rounds), remaining


def main():
    calls = (jax.random.uniform(jax.random.key(0), (12,)) > 0.6).astype(jnp.float32)
    bank = ElevatorBank(policy_name="nearest-car")
    service = DispatchService(bank, bank.init(jax.random.key(1), calls))
    print(service.handle(calls))
    return None
