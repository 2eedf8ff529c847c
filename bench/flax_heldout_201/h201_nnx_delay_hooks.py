# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[7,7] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 5 a hook registered with @on("after_step") in the HOOKS registry stores the model merged inside the jax.lax.scan body on RunContext, which the report uses after the loop
"""Railway delay propagation model trained with a hook registry.

The training loop merges the carried state into a model at every day of the
timetable and fires the registered after-step hooks; one hook keeps a handle to the
most recent model so the end-of-run report can score the evaluation timetable.
"""
import jax
import jax.numpy as jnp
import flax.nnx as nnx

HOOKS: dict[str, list] = {}


def on(event):
    def register(fn):
        HOOKS.setdefault(event, []).append(fn)
        return fn

    return register


class RunContext:
    def __init__(self):
        self.latest_model = None
        self.events = 0


@on("after_step")
def keep_latest_model(ctx, model, loss):
    ctx.latest_model = model


@on("after_step")
def count_events(ctx, model, loss):
    ctx.events += 1


class DelayPropagation(nnx.Module):
    def __init__(self, n_stations, rngs: nnx.Rngs):
        self.mix = nnx.Linear(n_stations, n_stations, rngs=rngs)

    def __call__(self, delays):
        return nnx.softplus(self.mix(delays))


def train(model, days, ctx, lr=0.01):
    graphdef, state = nnx.split(model)

    def day(state, inputs):
        today, tomorrow = inputs
        model = nnx.merge(graphdef, state)
        loss, grads = nnx.value_and_grad(lambda m: jnp.mean((m(today) - tomorrow) ** 2))(model)
        state = jax.tree.map(lambda p, g: p - lr * g, nnx.state(model), grads)
        for hook in HOOKS.get("after_step", []):
            hook(ctx, nnx.merge(graphdef, state), loss)
        return state, loss

    return jax.lax.scan(day, state, (days[:-1], days[1:]))


def main():
    ctx = RunContext()
    days = jax.nn.relu(jax.random.normal(jax.random.PRNGKey(1), (10, 7)) * 4.0)
    state, losses = train(DelayPropagation(7, rngs=nnx.Rngs(0)), days, ctx)
    report = ctx.latest_model(days[-1])
    jax.block_until_ready(report)
    return None
