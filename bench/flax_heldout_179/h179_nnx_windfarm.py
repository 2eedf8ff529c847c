# label: trace-context
# flax-error: TraceContextError: Cannot mutate WakeEMA from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 4 the while_loop body of the yaw scheduler writes self.tracker.ema, a Variable subclass on a tracker module, and calls self.controller.model
"""Wind farm yaw scheduling: steers turbines until the smoothed wake loss settles."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx

lax = jax.lax


class WakeEMA(nnx.Variable):
    """Exponential moving average of the wake loss, excluded from the params."""


class WakeTracker(nnx.Module):
    def __init__(self, n_turbines: int):
        self.ema = WakeEMA(jnp.zeros((n_turbines,)))


class YawModel(nnx.Module):
    def __init__(self, n_turbines: int, rngs: nnx.Rngs):
        self.lin = nnx.Linear(2 * n_turbines, n_turbines, rngs=rngs)

    def __call__(self, yaw, wind):
        return nnx.softplus(self.lin(jnp.concatenate([yaw, wind])))


class YawController:
    def __init__(self, model: YawModel):
        self.model = model


class YawScheduler:
    def __init__(self, controller: YawController, tracker: WakeTracker, tol: float = 1e-3):
        self.controller = controller
        self.tracker = tracker
        self.tol = tol

    def settle(self, yaw, wind, max_iter: int = 20):
        def unsettled(state):
            it, _, delta = state
            return (it < max_iter) & (delta > self.tol)

        def adjust(state):
            it, yaw, _ = state
            loss = self.controller.model(yaw, wind)
            previous = self.tracker.ema[...]
            self.tracker.ema[...] = 0.9 * previous + 0.1 * loss
            delta = jnp.abs(self.tracker.ema[...] - previous).max()
            return it + 1, yaw - 0.05 * jnp.tanh(loss), delta

        it, yaw, _ = lax.while_loop(unsettled, adjust, (0, yaw, jnp.array(jnp.inf)))
        return yaw


def main():
    n = 5
    scheduler = YawScheduler(YawController(YawModel(n, nnx.Rngs(0))), WakeTracker(n))
    scheduler.settle(jnp.zeros((n,)), jnp.linspace(6.0, 9.0, n) / 10.0).block_until_ready()
    return None


if __name__ == "__main__":
    main()
