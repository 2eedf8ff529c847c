# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[4] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 3 the trainer's self.model is split into the scan carry; the body stores the merged router's load into the trainer's self.metrics dict, read after the loop
import jax
import jax.numpy as jnp
from flax import nnx

lax = jax.lax


class ExpertLoad(nnx.Variable):
    pass


class TopOneRouter(nnx.Module):
    def __init__(self, dim, num_experts, *, rngs: nnx.Rngs):
        self.w = nnx.Linear(dim, num_experts, use_bias=False, rngs=rngs)
        self.load = ExpertLoad(jnp.zeros((num_experts,)))

    def __call__(self, x):
        probs = jax.nn.softmax(self.w(x), axis=-1)
        idx = jnp.argmax(probs, axis=-1)
        self.load.value += jax.nn.one_hot(idx, probs.shape[-1]).sum(0)
        return idx, jnp.max(probs, axis=-1)


class MoEFFN(nnx.Module):
    def __init__(self, dim, hidden, num_experts, *, rngs: nnx.Rngs):
        self.router = TopOneRouter(dim, num_experts, rngs=rngs)
        self.w_in = nnx.Param(jax.random.normal(rngs.params(), (num_experts, dim, hidden)) * 0.1)
        self.w_out = nnx.Param(jax.random.normal(rngs.params(), (num_experts, hidden, dim)) * 0.1)

    def __call__(self, x):
        idx, gate = self.router(x)
        h = nnx.relu(jnp.einsum("td,tdh->th", x, self.w_in[idx]))
        return jnp.einsum("th,thd->td", h, self.w_out[idx]) * gate[:, None]


class MoETrainer:
    def __init__(self, model):
        self.model = model
        self.metrics = {}

    def forward(self, xs):
        graphdef, state = nnx.split(self.model)

        def body(state, x):
            m = nnx.merge(graphdef, state)
            y = m(x)
            self.metrics["router_load"] = m.router.load.value
            return nnx.state(m), y

        state, ys = lax.scan(body, state, xs)
        nnx.update(self.model, state)
        return ys

    def balance_loss(self):
        load = self.metrics["router_load"]
        frac = load / load.sum()
        return load.shape[0] * jnp.sum(frac**2)


def main():
    trainer = MoETrainer(MoEFFN(6, 12, 4, rngs=nnx.Rngs(0)))
    xs = jax.random.normal(jax.random.key(1), (3, 5, 6))
    ys = trainer.forward(xs)
    jax.block_until_ready((ys, trainer.balance_loss()))
    return None
