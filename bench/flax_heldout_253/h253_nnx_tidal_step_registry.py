# label: trace-context
# flax-error: TraceContextError: Cannot mutate Param from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 5 an nnx.jit train step looked up in a decorator registry is called from the scan body with the controller's model and optimizer
"""Sluice-gate opening policy for a tidal range station, refitted on each tide's logged flows."""
import jax
import jax.numpy as jnp
import optax
import flax.nnx as nnx

lax = jax.lax

TRAIN_STEPS = {}


def train_step(name):
    def register(fn):
        TRAIN_STEPS[name] = nnx.jit(fn)
        return fn
    return register


class GatePolicy(nnx.Module):
    def __init__(self, gauges: int, gates: int, *, rngs: nnx.Rngs):
        self.hidden = nnx.Linear(gauges, 16, rngs=rngs)
        self.opening = nnx.Linear(16, gates, rngs=rngs)

    def __call__(self, levels):
        return nnx.sigmoid(self.opening(nnx.relu(self.hidden(levels))))


@train_step("flow-matching")
def flow_matching_step(policy, optimizer, levels, target_opening):
    def loss_fn(policy):
        return jnp.mean((policy(levels) - target_opening) ** 2)

    loss, grads = nnx.value_and_grad(loss_fn)(policy)
    optimizer.update(policy, grads)
    return loss


class GateController:
    def __init__(self, gauges: int = 3, gates: int = 4, strategy: str = "flow-matching"):
        self.policy = GatePolicy(gauges, gates, rngs=nnx.Rngs(0))
        self.optimizer = nnx.Optimizer(self.policy, optax.sgd(0.05, momentum=0.9), wrt=nnx.Param)
        self.step = TRAIN_STEPS[strategy]

    def refit(self, tide_log):
        def one_tide(_, record):
            levels, opening = record
            return None, self.step(self.policy, self.optimizer, levels, opening)

        _, losses = lax.scan(one_tide, None, tide_log)
        return losses


def main():
    controller = GateController()
    levels = jnp.linspace(-2.0, 2.0, 5 * 6 * 3).reshape(5, 6, 3)
    opening = jax.nn.sigmoid(levels.sum(-1, keepdims=True) * jnp.ones((1, 1, 4)))
    losses = controller.refit((levels, opening))
    jax.block_until_ready(losses)
    return None
