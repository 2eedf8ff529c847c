# label: ok
# flax-error: none
# class: 4 CorridorController -> IntersectionAdapter.policy, switched to eval mode (running BatchNorm stats, no dropout) before the while_loop body calls it
"""Traffic-signal control along an arterial corridor: each intersection adapter wraps a
policy that maps approach queues to green splits. The controller iterates the corridor
to a steady state before publishing the signal plan."""
import jax
import jax.numpy as jnp
from flax import nnx


class GreenSplitPolicy(nnx.Module):
    def __init__(self, n_approaches: int, *, rngs: nnx.Rngs):
        self.l1 = nnx.Linear(n_approaches, 16, rngs=rngs)
        self.norm = nnx.BatchNorm(16, rngs=rngs)
        self.drop = nnx.Dropout(0.1, rngs=rngs)
        self.l2 = nnx.Linear(16, n_approaches, rngs=rngs)

    def __call__(self, queues):  # queues: [batch, n_approaches]
        h = self.drop(nnx.relu(self.norm(self.l1(queues))))
        return jax.nn.softmax(self.l2(h), axis=-1)


class IntersectionAdapter:
    def __init__(self, name: str, policy: GreenSplitPolicy):
        self.name, self.policy = name, policy

    def splits(self, queues):
        return self.policy(queues)


class CorridorController:
    def __init__(self, adapters, tol: float = 1e-3, max_iters: int = 25):
        self.adapters, self.tol, self.max_iters = adapters, tol, max_iters

    def serving_mode(self):
        for adapter in self.adapters:
            adapter.policy.eval()

    def settle(self, arrivals):
        adapter = self.adapters[0]

        def unsettled(state):
            _, delta, it = state
            return (delta > self.tol) & (it < self.max_iters)

        def relax(state):
            queues, _, it = state
            served = adapter.splits(queues) * 4.0
            new_queues = jnp.maximum(queues + arrivals - served, 0.0)
            return new_queues, jnp.abs(new_queues - queues).max(), it + 1

        queues, _, iters = jax.lax.while_loop(unsettled, relax, (arrivals, jnp.inf, 0))
        return queues, iters


def main():
    rngs = nnx.Rngs(0)
    adapters = [IntersectionAdapter(f"5th-and-{s}", GreenSplitPolicy(4, rngs=rngs)) for s in ("pine", "oak")]
    controller = CorridorController(adapters)
    controller.serving_mode()
    arrivals = jax.random.uniform(jax.random.key(1), (3, 4), minval=0.5, maxval=2.0)
    queues, iters = controller.settle(arrivals)
    print(queues, int(iters))
    return None
