# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[12] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 3 the while_loop body stores nnx.state(model, nnx.BatchStat) on PassScheduler.snapshot, which is nnx.update'd into the model after the loop
"""Satellite downlink scheduling: over the day's ground-station passes, predict the achievable
bitrate until the downlink quota is met; the scheduler keeps the link model's adapted
statistics for the next planning cycle."""
import jax
import jax.numpy as jnp
from flax import nnx

lax = jax.lax


class LinkModel(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.inp = nnx.Linear(5, 12, rngs=rngs)
        self.norm = nnx.BatchNorm(12, rngs=rngs)
        self.out = nnx.Linear(12, 1, rngs=rngs)

    def __call__(self, passes):
        return 50.0 * nnx.softplus(self.out(nnx.relu(self.norm(self.inp(passes)))))[..., 0]  # Mbit/s


class PassScheduler:
    def __init__(self, quota_gbit: float):
        self.quota_gbit = quota_gbit
        self.snapshot = None

    def plan(self, model, passes):
        graphdef, state = nnx.split(model)

        def cond(carry):
            i, _, sent = carry
            return (i < passes.shape[0]) & (sent < self.quota_gbit)

        def body(carry):
            i, state, sent = carry
            link = nnx.merge(graphdef, state)
            rate = link(passes[i]).mean()
            self.snapshot = nnx.state(link, nnx.BatchStat)
            return i + 1, nnx.state(link), sent + rate * 0.6

        n_used, _, sent = lax.while_loop(cond, body, (0, state, jnp.float32(0.0)))
        return n_used, sent


def main():
    # elevation, range, rain fade, station id, slot length
    passes = jax.random.uniform(jax.random.PRNGKey(0), (9, 4, 5))
    model = LinkModel(nnx.Rngs(0))
    scheduler = PassScheduler(quota_gbit=400.0)
    scheduler.plan(model, passes)
    nnx.update(model, scheduler.snapshot)
    model.eval()
    model(passes[0]).block_until_ready()
    return None
