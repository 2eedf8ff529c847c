# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[4] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 1 MoELayer.route_microbatches runs the scan itself and its __call__ adds to the layer's own "moe_stats" expert_counts in the body
import jax
import jax.numpy as jnp
from flax import linen as nn

NUM_EXPERTS = 4


class Router(nn.Module):
    num_experts: int

    @nn.compact
    def __call__(self, x):
        logits = nn.Dense(self.num_experts, use_bias=False, name="gate")(x)
        return jax.nn.softmax(logits, axis=-1)


class MoELayer(nn.Module):
    num_experts: int = NUM_EXPERTS
    hidden: int = 8

    def setup(self):
        self.router = Router(self.num_experts)
        self.experts = [nn.Dense(self.hidden) for _ in range(self.num_experts)]
        self.expert_counts = self.variable(
            "moe_stats", "expert_counts", jnp.zeros, (self.num_experts,), jnp.float32
        )

    def __call__(self, x):
        probs = self.router(x)
        choice = jnp.argmax(probs, axis=-1)
        self.expert_counts.value = self.expert_counts.value + jax.nn.one_hot(choice, self.num_experts).sum(0)
        outs = jnp.stack([expert(x) for expert in self.experts], axis=1)
        picked = jnp.take_along_axis(outs, choice[:, None, None], axis=1)[:, 0]
        gate = jnp.take_along_axis(probs, choice[:, None], axis=1)
        return picked * gate

    def route_microbatches(self, xs):
        def body(carry, x):
            return carry, self(x)

        _, ys = jax.lax.scan(body, None, xs)
        return ys


def load_balancing_loss(counts):
    frac = counts / jnp.maximum(counts.sum(), 1.0)
    return counts.shape[0] * jnp.sum(frac * frac)


def main():
    layer = MoELayer()
    tokens = jax.random.normal(jax.random.key(0), (3, 5, 6))
    variables = layer.init(jax.random.key(1), tokens[0])
    ys, stats = layer.apply(
        {"params": variables["params"], "moe_stats": variables["moe_stats"]},
        tokens,
        method=MoELayer.route_microbatches,
        mutable=["moe_stats"],
    )
    aux = load_balancing_loss(stats["moe_stats"]["expert_counts"])
    jax.block_until_ready((ys, aux))
    return None
