# label: trace-context
# flax-error: TraceContextError: Cannot mutate PendingCalls from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 4 BankScheduler -> GroupController.net.pending, a PendingCalls(nnx.Variable) the while_loop body writes in place
"""Elevator dispatch, NNX version: a controller for a bank of elevators keeps the pending
hall calls per floor in a custom Variable type so checkpoints carry it. The scheduler runs
the bank until every call is served or a step budget runs out."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx

lax = jax.lax


class PendingCalls(nnx.Variable):
    """Outstanding hall calls per floor (saved with the model)."""


class DispatchNet(nnx.Module):
    def __init__(self, n_floors: int, *, rngs: nnx.Rngs):
        self.service_rate = nnx.Linear(n_floors, n_floors, rngs=rngs)
        self.pending = PendingCalls(jnp.zeros((n_floors,)))

    def served(self, pending):
        return jax.nn.sigmoid(self.service_rate(pending)) * pending


class GroupController:
    def __init__(self, net: DispatchNet):
        self.net = net

    def load_calls(self, calls):
        self.net.pending[...] = calls


class BankScheduler:
    def __init__(self, controller: GroupController, max_steps: int = 40):
        self.controller = controller
        self.max_steps = max_steps

    def run_until_clear(self):
        net = self.controller.net

        def busy(state):
            step, remaining = state
            return (remaining > 0.5) & (step < self.max_steps)

        def move(state):
            step, _ = state
            pending = net.pending[...]
            pending = pending - net.served(pending)
            net.pending[...] = pending
            return step + 1, pending.sum()

        steps, remaining = lax.while_loop(busy, move, (0, net.pending[...].sum()))
        return steps, remaining


def main():
    net = DispatchNet(n_floors=10, rngs=nnx.Rngs(0))
    controller = GroupController(net)
    controller.load_calls(jnp.array([0, 2, 1, 0, 3, 0, 1, 0, 0, 2], jnp.float32))
    steps, remaining = BankScheduler(controller).run_until_clear()
    print(int(steps), float(remaining), net.pending[...])
    return None
