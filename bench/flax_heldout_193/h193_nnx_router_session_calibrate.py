# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[12,6] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 RouterAdapter.pool.sessions[queue].calibrate merges the carried state in the while_loop body and hot-swaps it into session.live; routing reads session.live after the loop
"""Call-centre intent router: a pool of per-queue sessions, each with its own copy of the intent
model. Before a session goes live its softmax temperature is calibrated on recent transcripts
until the calibration loss stops improving."""
import jax
import jax.numpy as jnp
import optax
import flax.nnx as nnx


class Temperature(nnx.Param):
    pass


class IntentModel(nnx.Module):
    def __init__(self, dim: int, num_intents: int, *, rngs: nnx.Rngs):
        self.encoder = nnx.Linear(dim, num_intents, rngs=rngs)
        self.temperature = Temperature(jnp.array(1.0))

    def __call__(self, x):
        return self.encoder(x) / self.temperature[...]


class Session:
    def __init__(self, queue: str, model: IntentModel):
        self.queue = queue
        self.graphdef, self.state = nnx.split(model)
        self.live = model

    def calibrate(self, x, y, lr=0.5, tol=1e-3, max_iters=20):
        def nll(model):
            return optax.softmax_cross_entropy_with_integer_labels(model(x), y).mean()

        def improving(carry):
            i, _, step_size = carry
            return (i < max_iters) & (step_size > tol)

        def refine(carry):
            i, state, _ = carry
            model = nnx.merge(self.graphdef, state)
            grads = nnx.grad(nll, argnums=nnx.DiffState(0, Temperature))(model)
            step = lr * grads["temperature"][...]
            model.temperature[...] = jnp.clip(model.temperature[...] - step, 0.05, 10.0)
            self.live = model  # hot-swap so routing sees the newest temperature
            return i + 1, nnx.state(model), jnp.abs(step)

        _, self.state, _ = jax.lax.while_loop(improving, refine, (0, self.state, jnp.array(jnp.inf)))


class SessionPool:
    def __init__(self, queues, dim, num_intents):
        self.sessions = {q: Session(q, IntentModel(dim, num_intents, rngs=nnx.Rngs(i)))
                         for i, q in enumerate(queues)}


class RouterAdapter:
    def __init__(self, pool: SessionPool):
        self.pool = pool

    def warm_up(self, queue, x, y):
        self.pool.sessions[queue].calibrate(x, y)

    def route(self, queue, utterance):
        return jnp.argmax(self.pool.sessions[queue].live(utterance))


def main():
    x = jax.random.normal(jax.random.key(0), (32, 12))
    y = jax.random.randint(jax.random.key(1), (32,), 0, 6)
    router = RouterAdapter(SessionPool(["billing", "outage"], dim=12, num_intents=6))
    router.warm_up("billing", x, y)
    print("routed to intent", int(router.route("billing", x[0])))
    return None
