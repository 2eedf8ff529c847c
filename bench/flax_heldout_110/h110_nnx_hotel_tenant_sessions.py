# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[7,16] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 a TenantSession kept in OnlineAdaptService.sessions[tenant]; the scan body merges the carried state, adapts it, and also stores nnx.state(model) on session.pending, which commit() nnx.update's into the tenant's model after the loop
"""Hotel housekeeping: per-tenant online adaptation of the room-turnover time model.

Each hotel chain (tenant) has its own session; at the end of a shift the service adapts
the tenant's model on the shift's cleaned-room logs and commits the new weights.
"""
import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax.lax import scan


class TurnoverModel(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.rooms = nnx.Linear(7, 16, rngs=rngs)
        self.minutes = nnx.Linear(16, 1, rngs=rngs)

    def __call__(self, rooms):
        return nnx.softplus(self.minutes(nnx.relu(self.rooms(rooms))))[..., 0]


class TenantSession:
    def __init__(self, tenant: str, model: TurnoverModel):
        self.tenant = tenant
        self.model = model
        self.pending = None

    def commit(self):
        nnx.update(self.model, self.pending)
        self.pending = None


class OnlineAdaptService:
    def __init__(self, lr: float = 0.05):
        self.sessions: dict[str, TenantSession] = {}
        self.lr = lr

    def session(self, tenant: str) -> TenantSession:
        if tenant not in self.sessions:
            self.sessions[tenant] = TenantSession(tenant, TurnoverModel(nnx.Rngs(len(self.sessions))))
        return self.sessions[tenant]

    def adapt(self, tenant: str, rooms, minutes):
        session = self.session(tenant)
        graphdef, state = nnx.split(session.model)

        def sgd(state, batch):
            model = nnx.merge(graphdef, state)
            x, y = batch
            loss, grads = nnx.value_and_grad(lambda m: jnp.mean((m(x) - y) ** 2))(model)
            params = nnx.state(model, nnx.Param)
            nnx.update(model, jax.tree.map(lambda p, g: p - self.lr * g, params, grads))
            session.pending = nnx.state(model)
            return nnx.state(model), loss

        _, losses = scan(sgd, state, (rooms, minutes))
        session.commit()
        return losses


def main():
    service = OnlineAdaptService()
    rooms = jax.random.uniform(jax.random.key(0), (4, 20, 7))  # 4 batches x 20 rooms x 7 features
    minutes = 30.0 * jax.random.uniform(jax.random.key(1), (4, 20))
    service.adapt("harbor-suites", rooms, minutes)
    service.adapt("alpine-lodges", rooms, minutes)
    jax.block_until_ready(service.sessions["harbor-suites"].model(rooms[0]))
    return None
