# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 5 evaluator binds the LoRA model with a mutable intermediates collection and calls the bound module in the scan body
"""Evaluate how much a LoRA adapter moves a frozen backbone, batch by batch."""
import jax
import jax.numpy as jnp
import optax
import flax.linen as nn


class LoRADense(nn.Module):
    features: int
    rank: int = 2
    alpha: float = 4.0

    @nn.compact
    def __call__(self, x):
        frozen = nn.Dense(self.features, name="base")(x)
        a = self.param("lora_a", nn.initializers.normal(0.02), (x.shape[-1], self.rank))
        b = self.param("lora_b", nn.initializers.normal(0.02), (self.rank, self.features))
        delta = (x @ a @ b) * (self.alpha / self.rank)
        self.sow("intermediates", "lora_delta_norm", jnp.linalg.norm(delta))
        return frozen + delta


class AdaptedEncoder(nn.Module):
    width: int = 8

    @nn.compact
    def __call__(self, x):
        x = nn.relu(LoRADense(self.width, name="q")(x))
        return LoRADense(self.width, name="o")(x)


class AdapterEvaluator:
    def __init__(self, model, variables):
        self.model = model
        self.variables = variables

    def run(self, batches):
        bound = self.model.bind(self.variables, mutable=["intermediates"])

        def body(total, x):
            out = bound(x)
            return total + out.sum(), None

        total, _ = jax.lax.scan(body, jnp.zeros(()), batches)
        _, state = bound.unbind()
        return total, state["intermediates"]


def main():
    model = AdaptedEncoder()
    batches = jax.random.normal(jax.random.key(1), (4, 3, 8))
    variables = model.init(jax.random.key(0), batches[0])
    variables = {"params": variables["params"]}
    # only the adapter would be trained; the backbone is frozen
    mask = jax.tree_util.tree_map_with_path(lambda p, _: "lora" in jax.tree_util.keystr(p), variables["params"])
    optax.masked(optax.sgd(0.1), mask).init(variables["params"])
    total, inter = AdapterEvaluator(model, variables).run(batches)
    norms = jax.tree.map(lambda v: float(jnp.sum(jnp.asarray(v))), inter)
    print(float(total), norms)
    return None
