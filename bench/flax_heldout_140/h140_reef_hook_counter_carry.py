# label: ok
# flax-error: none
# class: 4 SurveyRunner calls CallbackList -> TelemetryHook.on_quadrat, which applies the hook's model with the telemetry collection carried by the loop
"""Coral reef monitoring: photo-quadrat cover scoring with a telemetry hook counting model visits."""
import jax
import jax.numpy as jnp
import flax.linen as nn

lax = jax.lax


class QuadratCoverNet(nn.Module):
    classes: int = 3

    @nn.compact
    def __call__(self, quadrat):
        visits = self.variable("telemetry", "visits", lambda: jnp.zeros((), jnp.int32))
        cover = nn.softmax(nn.Dense(self.classes)(quadrat))
        if self.is_mutable_collection("telemetry"):
            visits.value = visits.value + 1
        return cover


class TelemetryHook:
    def __init__(self, model, variables):
        self.model = model
        self.params = variables["params"]
        self.telemetry = variables["telemetry"]

    def on_quadrat(self, telemetry, quadrat):
        cover, updates = self.model.apply(
            {"params": self.params, "telemetry": telemetry}, quadrat, mutable=["telemetry"]
        )
        return cover, updates["telemetry"]

    def flush(self, telemetry):
        self.telemetry = telemetry
        return jnp.asarray(telemetry["visits"]) + 0


class CallbackList:
    def __init__(self, hooks):
        self.hooks = list(hooks)

    def start(self):
        return [hook.telemetry for hook in self.hooks]

    def on_quadrat(self, states, quadrat):
        results = [hook.on_quadrat(s, quadrat) for hook, s in zip(self.hooks, states)]
        return [r[0] for r in results], [r[1] for r in results]

    def flush(self, states):
        return [hook.flush(s) for hook, s in zip(self.hooks, states)]


class SurveyRunner:
    def __init__(self, callbacks):
        self.callbacks = callbacks

    def run(self, quadrats):
        def body(i, carry):
            cover_sum, states = carry
            covers, states = self.callbacks.on_quadrat(states, quadrats[i])
            return cover_sum + covers[0], states

        start = (jnp.zeros(3), self.callbacks.start())
        cover_sum, states = lax.fori_loop(0, quadrats.shape[0], body, start)
        visits = self.callbacks.flush(states)
        return cover_sum / quadrats.shape[0], visits


def main():
    model = QuadratCoverNet()
    quadrats = jax.random.uniform(jax.random.key(8), (10, 7))
    variables = model.init(jax.random.key(0), quadrats[0])
    runner = SurveyRunner(CallbackList([TelemetryHook(model, variables)]))
    runner.run(quadrats)
    return None
