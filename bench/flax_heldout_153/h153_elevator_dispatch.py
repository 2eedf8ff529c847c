# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "assignments" in "/" because collection "usage" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 4 DispatchService keeps a pool of Session objects, each holding model.bind(variables); the while_loop body calls session.policy, which writes the immutable 'usage' collection
"""Elevator group control: a dispatch service keeps one bound policy per tower and simulates a
rush-hour sequence of hall calls until every call has been assigned to a car."""
import jax
import jax.numpy as jnp
import flax.linen as nn

lax = jax.lax


class DispatchPolicy(nn.Module):
    n_cars: int = 4

    @nn.compact
    def __call__(self, hall_call, car_pos, track_usage: bool = True):
        usage = self.variable('usage', 'assignments', lambda: jnp.zeros((self.n_cars,)))
        logits = nn.Dense(self.n_cars, name='assign')(jnp.concatenate([hall_call, car_pos]))
        choice = jax.nn.one_hot(jnp.argmax(logits), self.n_cars)
        if track_usage and not self.is_initializing():
            usage.value = usage.value + choice
        return choice


class Session:
    def __init__(self, tower, bound_policy):
        self.tower = tower
        self.policy = bound_policy
        self.busy = False


class DispatchService:
    def __init__(self, module, variables, towers):
        self.pool = {t: Session(t, module.bind(variables)) for t in towers}

    def acquire(self, tower):
        session = self.pool[tower]
        session.busy = True
        return session

    def release(self, session):
        session.busy = False

    def simulate(self, tower, hall_calls, n_cars):
        session = self.acquire(tower)

        def pending(state):
            t, _ = state
            return t < hall_calls.shape[0]

        def assign(state):
            t, positions = state
            choice = session.policy(hall_calls[t], positions)
            return t + 1, 0.9 * positions + choice * hall_calls[t, 0]

        _, positions = lax.while_loop(pending, assign, (0, jnp.zeros((n_cars,))))
        self.release(session)
        return positions


def main():
    module = DispatchPolicy(n_cars=4)
    variables = module.init(jax.random.key(2), jnp.zeros((2,)), jnp.zeros((4,)))
    service = DispatchService(module, variables, towers=['north', 'south'])
    hall_calls = jnp.stack([jnp.linspace(0.0, 1.0, 9), jnp.linspace(1.0, 0.0, 9)], axis=-1)
    positions = service.simulate('north', hall_calls, n_cars=4)
    jax.block_until_ready(positions)
    return None
