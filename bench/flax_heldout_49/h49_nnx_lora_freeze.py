# label: trace-context
# flax-error: TraceContextError: Cannot mutate LoRAParam from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 3 an AdapterBank stores stacked per-task LoRA states; the raw scan body over tasks calls nnx.update on the shared frozen model closed over from outside, then runs it
"""Model surgery: one frozen backbone with a LoRA adapter per task. The AdapterBank evaluates
every task's adapter on the same probe batch."""
import jax
import jax.numpy as jnp
from flax import nnx
from jax.lax import scan


class Backbone(nnx.Module):
    def __init__(self, rngs):
        self.proj = nnx.LoRALinear(8, 8, lora_rank=2, rngs=rngs)
        self.out = nnx.Linear(8, 2, rngs=rngs)

    def __call__(self, x):
        return self.out(nnx.relu(self.proj(x)))


def make_task_adapter(model, seed):
    state = nnx.state(model, nnx.LoRAParam)
    key = jax.random.key(seed)
    return jax.tree.map(lambda a: 0.01 * jax.random.normal(key, a.shape), state)


class AdapterBank:
    def __init__(self, model, num_tasks):
        self.model = model
        adapters = [make_task_adapter(model, t) for t in range(num_tasks)]
        self.stacked = jax.tree.map(lambda *a: jnp.stack(a), *adapters)

    def evaluate(self, probe):
        def body(carry, lora_state):
            nnx.update(self.model, lora_state)
            return carry, self.model(probe)

        _, outs = scan(body, None, self.stacked)
        return outs


def main():
    bank = AdapterBank(Backbone(nnx.Rngs(0)), num_tasks=3)
    bank.evaluate(jnp.ones((4, 8)))
    return None
