# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[4,12] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 5 an "ema" callback from the on_step decorator registry receives the model merged in the fori_loop body and keeps its averaged params in the module-level EMA dict
import jax
import jax.numpy as jnp
import flax.nnx as nnx
import optax

lax = jax.lax

CALLBACKS = {}
EMA = {}


def on_step(name):
    def register(fn):
        CALLBACKS[name] = fn
        return fn
    return register


@on_step("ema")
def update_ema(model, step, decay=0.9):
    params = nnx.state(model, nnx.Param)
    if "params" not in EMA:
        EMA["params"] = params
    else:
        EMA["params"] = jax.tree.map(lambda e, p: decay * e + (1 - decay) * p, EMA["params"], params)


class RegressionNet(nnx.Module):
    def __init__(self, rngs):
        self.l1 = nnx.Linear(4, 12, rngs=rngs)
        self.l2 = nnx.Linear(12, 1, rngs=rngs)

    def __call__(self, x):
        return self.l2(nnx.silu(self.l1(x)))


def fit(model, optimizer, x, y, num_steps):
    graphdef, state = nnx.split((model, optimizer))

    def loss_fn(m):
        return jnp.mean((m(x) - y) ** 2)

    def body(step, state):
        m, opt = nnx.merge(graphdef, state)
        grads = nnx.grad(loss_fn)(m)
        opt.update(m, grads)
        for callback in CALLBACKS.values():
            callback(m, step)
        return nnx.state((m, opt))

    state = lax.fori_loop(0, num_steps, body, state)
    nnx.update((model, optimizer), state)


def main():
    kx = jax.random.key(0)
    x = jax.random.normal(kx, (16, 4))
    y = x.sum(-1, keepdims=True)
    model = RegressionNet(nnx.Rngs(0))
    optimizer = nnx.Optimizer(model, optax.adam(1e-2), wrt=nnx.Param)
    fit(model, optimizer, x, y, num_steps=5)
    ema_model = nnx.clone(model)
    nnx.update(ema_model, EMA["params"])
    jax.block_until_ready(ema_model(x))
