# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[2,16] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 5 a jax.checkpoint-wrapped fori_loop body merges the cost model, fits it online and publishes the merged module to MODEL_REGISTRY; RouteService uses it later
import jax
import jax.numpy as jnp
import optax
import flax.nnx as nnx

lax = jax.lax
MODEL_REGISTRY = {}


class TraversalCost(nnx.Module):
    def __init__(self, *, rngs):
        self.h = nnx.Linear(2, 16, rngs=rngs)
        self.o = nnx.Linear(16, 1, rngs=rngs)

    def __call__(self, cells):
        return nnx.softplus(self.o(jnp.tanh(self.h(cells))))[..., 0]


def online_fit(model, tx, cells, observed_times):
    graphdef, state = nnx.split((model, nnx.Optimizer(model, tx, wrt=nnx.Param)))

    @jax.checkpoint
    def body(i, state):
        cost, opt = nnx.merge(graphdef, state)
        loss_fn = lambda m: jnp.mean((m(cells[i]) - observed_times[i]) ** 2)
        grads = nnx.grad(loss_fn)(cost)
        opt.update(cost, grads)
        MODEL_REGISTRY["traversal_cost"] = cost
        return nnx.state((cost, opt))

    return lax.fori_loop(0, cells.shape[0], body, state)


class RouteService:
    def route_cost(self, path_cells):
        return MODEL_REGISTRY["traversal_cost"](path_cells).sum()


def main():
    model = TraversalCost(rngs=nnx.Rngs(0))
    cells = jax.random.uniform(jax.random.PRNGKey(1), (6, 10, 2))
    times = jnp.ones((6, 10))
    online_fit(model, optax.adam(1e-2), cells, times)
    RouteService().route_cost(cells[0])
    return None
